import { Link } from 'react-router-dom';
import { paths } from '../../../contracts/paths.ts';
import { t } from '../../lib/i18n/translate.ts';
import { PRODUCT_NAME } from '../../lib/product.ts';
import { LogoMark } from '../ui/icons.tsx';
import { InstallAppButton } from './install-app-button.tsx';

export function SiteFooter() {
  return (
    <footer className="site-footer">
      <div className="container footer-inner">
        <div className="footer-brand">
          <LogoMark size={28} />
          <span className="brand-name">{PRODUCT_NAME}</span>
          <p>{t('Jobs, gigs and talent across all 16 regions of Ghana.')}</p>
          <InstallAppButton className="btn btn-outline btn-sm footer-install" />
        </div>
        <nav aria-label={t('Footer')} className="footer-links">
          <Link to={paths.jobs}>{t('Browse Jobs')}</Link>
          <Link to={paths.artists}>{t('Browse Artists')}</Link>
          <Link to={paths.login}>{t('Log In')}</Link>
        </nav>
        <div>
          <p className="footer-heading">{t('We accept')}</p>
          <ul className="pay-badges" aria-label={t('Payment methods')}>
            <li className="pay-badge pay-mtn">{t('MTN MoMo')}</li>
            <li className="pay-badge pay-vodafone">{t('Vodafone Cash')}</li>
            <li className="pay-badge pay-airteltigo">{t('AirtelTigo Money')}</li>
          </ul>
        </div>
      </div>
      <div className="container copyright">
        <p>{t('© 2024 {product}. All rights reserved.', { product: PRODUCT_NAME })}</p>
      </div>
    </footer>
  );
}
