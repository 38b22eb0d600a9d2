import { Link } from 'react-router-dom';
import { paths } from '../../../contracts/paths.ts';
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
          <p>Jobs, gigs and talent across all 16 regions of Ghana.</p>
          <InstallAppButton className="btn btn-outline btn-sm footer-install" />
        </div>
        <nav aria-label="Footer" className="footer-links">
          <Link to={paths.jobs}>Browse Jobs</Link>
          <Link to={paths.artists}>Browse Artists</Link>
          <Link to={paths.login}>Log In</Link>
        </nav>
        <div>
          <p className="footer-heading">We accept</p>
          <ul className="pay-badges" aria-label="Payment methods">
            <li className="pay-badge pay-mtn">MTN MoMo</li>
            <li className="pay-badge pay-vodafone">Vodafone Cash</li>
            <li className="pay-badge pay-airteltigo">AirtelTigo Money</li>
          </ul>
        </div>
      </div>
      <div className="container copyright">
        <p>© 2024 {PRODUCT_NAME}. All rights reserved.</p>
      </div>
    </footer>
  );
}
