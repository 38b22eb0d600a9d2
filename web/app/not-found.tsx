import { Link } from 'react-router-dom';
import { paths } from '../../contracts/paths.ts';
import { AlertIcon } from '../components/ui/icons.tsx';

export function NotFoundPage() {
  return (
    <main className="full-page-center">
      <div className="card not-found">
        <div className="not-found-title">
          <AlertIcon size={28} />
          <h1>404 Page Not Found</h1>
        </div>
        <p className="muted">Did you forget to add the page to the router?</p>
        <Link to={paths.home} className="btn btn-outline">
          Go Home
        </Link>
      </div>
    </main>
  );
}
