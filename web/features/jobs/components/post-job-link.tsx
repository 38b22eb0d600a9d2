import { Link } from 'react-router-dom';
import { canOfferPosting } from '../../../../contracts/auth.ts';
import { paths } from '../../../../contracts/paths.ts';
import { PlusIcon } from '../../../components/ui/icons.tsx';
import { useUser } from '../../../lib/auth.ts';

/** Spec section 6: 'Post a Job' for signed-in, role-holding, verified users; else 'Sign In to Post'. */
export function PostJobLink() {
  const { user } = useUser();
  return canOfferPosting(user) ? (
    <Link to={paths.postJob} className="btn btn-primary btn-sm">
      <PlusIcon size={16} /> Post a Job
    </Link>
  ) : (
    <Link to={paths.login} className="btn btn-primary btn-sm">
      Sign In to Post
    </Link>
  );
}
