import { useQueryClient } from '@tanstack/react-query';
import type { MouseEvent, ReactNode } from 'react';
import { Link, NavLink } from 'react-router-dom';
import { ROLE_LABELS } from '../../../contracts/auth.ts';
import { api, paths } from '../../../contracts/paths.ts';
import { useUser } from '../../lib/auth.ts';
import { dashboardPath } from '../../lib/dashboard-path.ts';
import { t } from '../../lib/i18n/translate.ts';
import { clearQueryCache } from '../../lib/persist-cache.ts';
import { PRODUCT_NAME } from '../../lib/product.ts';
import { forgetSession } from '../../lib/session-marker.ts';
import { Badge } from '../ui/badge.tsx';
import { DashboardIcon, LogOutIcon, LogoMark, ShieldIcon } from '../ui/icons.tsx';
import { DataSaverSwitch } from './data-saver-switch.tsx';
import { HeaderLabel } from './header-label.tsx';
import { LanguagePicker } from './language-picker.tsx';

/**
 * The top bar of every screen. `actions` are the screen's own buttons (Post a Job, Back to
 * Jobs...); a signed-in user also gets Dashboard, their name, role badge and Log Out; everyone
 * gets the language picker and the Data saver switch.
 */
export function SiteHeader({
  actions,
  showNav = true,
}: {
  actions?: ReactNode;
  showNav?: boolean;
}) {
  const { user } = useUser();
  return (
    <header className={`site-header ${user ? 'signed-in' : 'guest'}`}>
      <div className="container header-inner">
        <Link
          to={paths.home}
          className="brand"
          aria-label={t('{product} home', { product: PRODUCT_NAME })}
        >
          <LogoMark />
          <span className="brand-name">{PRODUCT_NAME}</span>
        </Link>
        {showNav ? (
          <nav aria-label={t('Main')} className="header-nav">
            <NavLink to={paths.jobs} end>
              {t('Jobs')}
            </NavLink>
            <NavLink to={paths.artists} end>
              {t('Artists')}
            </NavLink>
          </nav>
        ) : null}
        <div className="header-actions">
          {actions}
          {user || actions ? null : (
            <Link to={paths.login} className="btn btn-primary btn-sm">
              {t('Log In')}
            </Link>
          )}
        </div>
        <LanguagePicker className="header-language" />
        {user ? (
          <>
            <Link
              to={dashboardPath(user.role)}
              className="btn btn-outline btn-sm header-dashboard"
              aria-label={t('Dashboard')}
            >
              <DashboardIcon size={18} />
              <HeaderLabel text={t('Dashboard')} />
            </Link>
            {user.isAdmin ? (
              <Link
                to={paths.admin}
                className="btn btn-ghost btn-sm header-admin"
                aria-label={t('Admin')}
              >
                <ShieldIcon size={18} />
                <HeaderLabel text={t('Admin')} />
              </Link>
            ) : null}
            <span className="header-user">
              <span className="header-name">
                {user.firstName} {user.lastName}
              </span>
              {user.role ? <Badge tone="gold">{t(ROLE_LABELS[user.role])}</Badge> : null}
            </span>
            <LogoutLink />
          </>
        ) : null}
        <span className="header-break" aria-hidden="true" />
        <DataSaverSwitch />
      </div>
    </header>
  );
}

/**
 * Logout is a plain navigation: the server clears the session and redirects to /. The data
 * saved on this phone goes first, so the next person to open the app offline does not see it.
 */
function LogoutLink() {
  const queryClient = useQueryClient();
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    forgetSession();
    void clearQueryCache(queryClient).finally(() => window.location.assign(api.logout));
  };
  return (
    <a
      href={api.logout}
      className="btn btn-ghost btn-sm logout"
      onClick={onClick}
      aria-label={t('Log Out')}
    >
      <LogOutIcon size={18} />
      <HeaderLabel text={t('Log Out')} />
    </a>
  );
}
