import { type ReactNode, useEffect } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { ROLE_LABELS, type Role } from '../../../../contracts/auth.ts';
import { paths } from '../../../../contracts/paths.ts';
import { SiteHeader } from '../../../components/layout/site-header.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import {
  ArrowRightIcon,
  BriefcaseIcon,
  CalendarIcon,
  MicIcon,
  PlusIcon,
  SearchIcon,
  UserIcon,
  UsersIcon,
} from '../../../components/ui/icons.tsx';
import { FullPageSpinner } from '../../../components/ui/spinner.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { useUser } from '../../../lib/auth.ts';
import { dashboardPath, myBookingsPath } from '../../../lib/dashboard-path.ts';
import { msg, t } from '../../../lib/i18n/translate.ts';
import { forgetSession } from '../../../lib/session-marker.ts';

/** Spec section 9: the logged-out redirect waits 500 ms so the toast can be read. */
const LOGGED_OUT_REDIRECT_MS = 500;

/**
 * A job seeker's cards: their own dashboard and Browse Jobs. A role is fixed per account, so the
 * Employer and Artist/Performer cards the spec also lists would lead to dashboards this account
 * can never use (docs/decisions/022-who-books-artists.md).
 */
const SEEKER_CARDS: {
  role: Role | null;
  title: string;
  text: string;
  to: string;
  icon: ReactNode;
}[] = [
  {
    role: 'job_seeker',
    title: ROLE_LABELS.job_seeker,
    text: msg('Find jobs near you and track your applications.'),
    to: paths.dashboard,
    icon: <UserIcon />,
  },
  {
    role: null,
    title: msg('Browse Jobs'),
    text: msg('See every open job across the 16 regions.'),
    to: paths.jobs,
    icon: <SearchIcon />,
  },
];

export function HomePage() {
  const { user } = useUser();
  const navigate = useNavigate();
  const toast = useToast();

  useEffect(() => {
    if (user) return;
    toast({
      variant: 'destructive',
      title: t('Unauthorized'),
      description: t('You are logged out. Logging in again...'),
    });
    const timer = window.setTimeout(() => {
      forgetSession();
      navigate(paths.login, { replace: true });
    }, LOGGED_OUT_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [user, toast, navigate]);

  if (!user) return <FullPageSpinner />;

  const showSeekerCards = user.role === null || user.role === 'job_seeker';
  return (
    <>
      <SiteHeader />
      <main id="main" className="container page">
        <div className="welcome">
          <h1>{t('Welcome back, {name}!', { name: user.firstName || t('there') })}</h1>
          <p>{t('What would you like to do today?')}</p>
        </div>

        {showSeekerCards ? (
          <div className="feature-grid">
            {SEEKER_CARDS.map((card) => (
              <Link
                key={card.title}
                to={card.to}
                className={`card role-card${card.role && card.role === user.role ? ' is-active' : ''}`}
              >
                <div className="role-card-top">
                  <div className="feature-icon">{card.icon}</div>
                  {card.role && card.role === user.role ? (
                    <Badge tone="green">{t('Active Role')}</Badge>
                  ) : null}
                </div>
                <h2 className="card-title">{t(card.title)}</h2>
                <p className="muted">{t(card.text)}</p>
              </Link>
            ))}
          </div>
        ) : (
          <section className="card active-role-card" aria-labelledby="active-role">
            <div className="feature-icon">
              {user.role === 'artist' ? <MicIcon /> : <BriefcaseIcon />}
            </div>
            <div className="grow">
              <h2 id="active-role" className="card-title">
                {t('Your Active Role')}
              </h2>
              <p className="muted">
                {t('You are signed in as')}{' '}
                <Badge tone="gold">{user.role ? t(ROLE_LABELS[user.role]) : ''}</Badge>
              </p>
            </div>
            <Link to={dashboardPath(user.role)} className="btn btn-primary">
              {t('Go to Dashboard')} <ArrowRightIcon size={16} />
            </Link>
          </section>
        )}

        <section className="section-compact" aria-labelledby="quick-actions">
          <h2 id="quick-actions" className="section-subtitle">
            {t('Quick Actions')}
          </h2>
          <div className="quick-actions">
            <Link to={paths.jobs} className="btn btn-outline">
              <SearchIcon size={18} /> {t('Browse Jobs')}
            </Link>
            <Link to={paths.artists} className="btn btn-outline">
              <UsersIcon size={18} /> {t('Browse Artists')}
            </Link>
            <Link to={paths.postJob} className="btn btn-outline">
              <PlusIcon size={18} /> {t('Post a Job')}
            </Link>
            <Link to={myBookingsPath(user.role)} className="btn btn-outline">
              <CalendarIcon size={18} /> {t('My Bookings')}
            </Link>
          </div>
        </section>
      </main>
    </>
  );
}
