import type { Application } from '../../../../contracts/applications.ts';
import { t } from '../../../lib/i18n/translate.ts';
import { applicationReviews } from '../api/application-reviews.ts';
import { EngagementReview } from './engagement-review.tsx';

/** The employer reviews the worker after a completed job, and may reply to the worker's review. */
export function EmployerApplicationReview({ application }: { application: Application }) {
  const worker = application.applicant.firstName;
  return (
    <EngagementReview
      review={application.review}
      allowedActions={application.allowedActions}
      target={{ id: application.id, label: `${worker}, ${application.job.title}` }}
      otherName={worker}
      kinds={applicationReviews}
    />
  );
}

/** The worker reviews the employer after a completed job, and reads the employer's review. */
export function WorkerApplicationReview({ application }: { application: Application }) {
  return (
    <EngagementReview
      review={application.review}
      allowedActions={application.allowedActions}
      target={{ id: application.id, label: application.job.title }}
      otherName={t('the employer')}
      kinds={applicationReviews}
    />
  );
}
