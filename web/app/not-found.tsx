import { Link } from 'react-router-dom';
import { paths } from '../../contracts/paths.ts';
import { AlertIcon } from '../components/ui/icons.tsx';
import { t } from '../lib/i18n/translate.ts';

export function NotFoundPage() {
  return (
    <main className="full-page-center">
      <div className="card not-found">
        <div className="not-found-title">
          <AlertIcon size={28} />
          <h1>{t('404 Page Not Found')}</h1>
        </div>
        <p className="muted">{t('Did you forget to add the page to the router?')}</p>
        <Link to={paths.home} className="btn btn-outline">
          {t('Go Home')}
        </Link>
      </div>
    </main>
  );
}
