import { Link } from 'react-router-dom';
import { canOfferPosting } from '../../../../contracts/auth.ts';
import { paths } from '../../../../contracts/paths.ts';
import { HeaderLabel } from '../../../components/layout/header-label.tsx';
import { PlusIcon } from '../../../components/ui/icons.tsx';
import { useUser } from '../../../lib/auth.ts';
import { t } from '../../../lib/i18n/translate.ts';

/** Spec section 6: 'Post a Job' for signed-in, role-holding, verified users; else 'Sign In to Post'. */
export function PostJobLink() {
  const { user } = useUser();
  return canOfferPosting(user) ? (
    <Link to={paths.postJob} className="btn btn-primary btn-sm" aria-label={t('Post a Job')}>
      <PlusIcon size={16} />
      <HeaderLabel text={t('Post a Job')} />
    </Link>
  ) : (
    <Link to={paths.login} className="btn btn-primary btn-sm">
      {t('Sign In to Post')}
    </Link>
  );
}
