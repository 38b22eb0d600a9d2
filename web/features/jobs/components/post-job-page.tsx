import { type FormEvent, type ReactNode, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { CATEGORY_DESCRIPTIONS } from '../../../../contracts/jobs.messages.ts';
import { CATEGORIES, CATEGORY_LABELS, type Category } from '../../../../contracts/jobs.ts';
import { MODERATION_MESSAGES } from '../../../../contracts/moderation.ts';
import { paths } from '../../../../contracts/paths.ts';
import { REGIONS } from '../../../../contracts/regions.ts';
import { HeaderLabel } from '../../../components/layout/header-label.tsx';
import { SiteHeader } from '../../../components/layout/site-header.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Field, FieldError, TextAreaField, TextField } from '../../../components/ui/field.tsx';
import {
  ArrowLeftIcon,
  ChartIcon,
  CheckIcon,
  MusicIcon,
  UsersIcon,
  WrenchIcon,
} from '../../../components/ui/icons.tsx';
import { RadioCards } from '../../../components/ui/radio-cards.tsx';
import { SelectInput } from '../../../components/ui/select-input.tsx';
import { useUser } from '../../../lib/auth.ts';
import { dashboardPath } from '../../../lib/dashboard-path.ts';
import { formatDay, formatMoney } from '../../../lib/format.ts';
import { t } from '../../../lib/i18n/translate.ts';
import { useWrite } from '../../../lib/outbox/use-outbox.ts';
import { useForm } from '../../../lib/use-form.ts';
import { postJob, willBeHeld } from '../api/create-job.ts';
import {
  EMPTY_JOB_FORM,
  type JobFormState,
  LAST_STEP,
  splitSkills,
  stepErrors,
  validateJobForm,
  WIZARD_STEPS,
  type WizardStep,
} from '../wizard.ts';

const CATEGORY_ICONS: Record<Category, ReactNode> = {
  skilled_trades: <WrenchIcon />,
  professional: <ChartIcon />,
  entertainment: <MusicIcon />,
  general_labor: <UsersIcon />,
};
const CATEGORY_TONES: Record<Category, string> = {
  skilled_trades: 'blue',
  professional: 'purple',
  entertainment: 'gold',
  general_labor: 'green',
};

/** A rate or a price in cedis: the number keypad, never below zero, to the pesewa. */
const AMOUNT_INPUT = { type: 'number', inputMode: 'decimal', min: '0', step: '0.01' } as const;

export function PostJobPage() {
  const [step, setStep] = useState<WizardStep>(0);
  const {
    values: form,
    errors,
    field,
    set,
    show,
    submit,
  } = useForm(EMPTY_JOB_FORM, validateJobForm);
  const heading = useRef<HTMLHeadingElement>(null);
  const createJob = useWrite(postJob);
  const { user } = useUser();
  const navigate = useNavigate();

  const goTo = (next: WizardStep) => {
    setStep(next);
    // Move focus to the new step's heading so keyboard and screen-reader users follow along.
    requestAnimationFrame(() => heading.current?.focus());
  };

  const onNext = () => {
    const found = stepErrors(form, step);
    show(found);
    if (Object.keys(found).length === 0 && step < LAST_STEP) goTo((step + 1) as WizardStep);
  };

  const onPrevious = () => {
    show({});
    if (step > 0) goTo((step - 1) as WizardStep);
  };

  const publish = submit((job) =>
    createJob.mutate(job, {
      onSuccess(sent) {
        // Posted: to the job lists, or to the dashboard that shows it held for review. Kept
        // for later: the dashboard shows it waiting. Refused: the wizard stays as it is.
        if (sent.status === 'sent' && !willBeHeld(job)) navigate(paths.jobs);
        else if (sent.status === 'sent') navigate(dashboardPath(user?.role ?? null));
        if (sent.status === 'queued') navigate(dashboardPath(user?.role ?? null));
      },
    }),
  );

  const onPublish = (event: FormEvent) => {
    event.preventDefault();
    if (step !== LAST_STEP) return onNext();
    // Publish checks every step, and goes back to the first one with a problem.
    const result = validateJobForm(form);
    if (!result.ok) {
      show(result.errors);
      return goTo(result.step);
    }
    publish();
  };

  // The rate message is reported on hourlyRate for both payment types (a fixed price under its
  // floor on fixedPrice); it shows under whichever rate field is on screen.
  const rate = errors.hourlyRate ?? errors.fixedPrice;

  return (
    <>
      <SiteHeader
        showNav={false}
        actions={
          <Link to={paths.jobs} className="btn btn-ghost btn-sm" aria-label={t('Back to Jobs')}>
            <ArrowLeftIcon size={16} />
            <HeaderLabel text={t('Back to Jobs')} />
          </Link>
        }
      />
      <main id="main" className="container page narrow">
        <div className="page-heading">
          <h1>{t('Post a Job')}</h1>
          <p className="muted">{t('Reach job seekers across Ghana in four quick steps.')}</p>
        </div>

        <ol className="stepper" aria-label={t('Progress')}>
          {WIZARD_STEPS.map((label, index) => {
            const state = index < step ? 'done' : index === step ? 'current' : 'todo';
            return (
              <li
                key={label}
                className={`stepper-item ${state}`}
                aria-current={state === 'current' ? 'step' : undefined}
              >
                <span className="stepper-dot" aria-hidden="true">
                  {state === 'done' ? <CheckIcon size={14} /> : index + 1}
                </span>
                <span className="stepper-label">{t(label)}</span>
              </li>
            );
          })}
        </ol>

        <form className="card wizard" onSubmit={onPublish} noValidate>
          <h2 ref={heading} tabIndex={-1} className="wizard-title">
            {t('Step {step} of {steps}: {name}', {
              step: step + 1,
              steps: WIZARD_STEPS.length,
              name: t(WIZARD_STEPS[step]),
            })}
          </h2>

          {step === 0 ? (
            <fieldset
              className="fieldset"
              aria-describedby={errors.category ? 'category-error' : undefined}
            >
              <legend className="label">{t('What kind of job is it?')}</legend>
              <div className="choice-grid">
                {CATEGORIES.map((category) => (
                  <label key={category} className={`choice-card tone-${CATEGORY_TONES[category]}`}>
                    <input
                      type="radio"
                      name="category"
                      value={category}
                      checked={form.category === category}
                      onChange={() => set('category', category)}
                    />
                    <span className="category-icon">{CATEGORY_ICONS[category]}</span>
                    <span className="choice-text">
                      <strong>{t(CATEGORY_LABELS[category])}</strong>
                      <span className="muted">{t(CATEGORY_DESCRIPTIONS[category])}</span>
                    </span>
                  </label>
                ))}
              </div>
              <FieldError id="category-error" error={errors.category} />
            </fieldset>
          ) : null}

          {step === 1 ? (
            <div className="stack">
              <TextField
                label={t('Job Title')}
                error={errors.title}
                {...field('title')}
                placeholder={t('e.g. Electrician to rewire a 3-bedroom house')}
              />
              <TextAreaField
                label={t('Description')}
                error={errors.description}
                rows={6}
                {...field('description')}
                placeholder={t('Describe the work, the place and what you expect...')}
              />
              <TextField
                label={t('Required Skills')}
                error={errors.requiredSkills}
                hint={t('Separate skills with commas')}
                {...field('requiredSkills')}
                placeholder={t('e.g. Wiring, Solar installation, Safety')}
              />
              <TextField
                label={t('Start Date')}
                optional
                error={errors.startDate}
                type="date"
                {...field('startDate')}
              />
            </div>
          ) : null}

          {step === 2 ? (
            <div className="stack">
              <Field label={t('Region')} error={errors.region}>
                <SelectInput
                  options={REGIONS}
                  placeholder={t('Select a region')}
                  {...field('region')}
                />
              </Field>
              <TextField
                label={t('Town or Area')}
                optional
                error={errors.town}
                {...field('town')}
                placeholder={t('e.g. Madina, Adum, Tema Community 1')}
              />
              <RadioCards
                legend={t('Payment Type')}
                name="jobType"
                options={[
                  ['hourly', t('Hourly Rate')],
                  ['fixed', t('Fixed Price')],
                ]}
                value={form.jobType}
                onChange={(value) => set('jobType', value)}
                error={errors.jobType}
              />
              {form.jobType === 'hourly' ? (
                <div className="form-row">
                  <TextField
                    label={t('Hourly Rate (GHS)')}
                    error={rate}
                    {...AMOUNT_INPUT}
                    {...field('hourlyRate')}
                    placeholder="50.00"
                  />
                  <TextField
                    label={t('Estimated Hours')}
                    optional
                    error={errors.estimatedHours}
                    type="number"
                    inputMode="numeric"
                    min="1"
                    step="1"
                    {...field('estimatedHours')}
                    placeholder="8"
                  />
                </div>
              ) : (
                <TextField
                  label={t('Fixed Price (GHS)')}
                  error={rate}
                  {...AMOUNT_INPUT}
                  {...field('fixedPrice')}
                  placeholder="500.00"
                />
              )}
            </div>
          ) : null}

          {step === 3 ? <Review form={form} /> : null}
          {step === 3 ? <HeldWarning form={form} /> : null}

          <div className="wizard-actions">
            {step > 0 ? (
              <button type="button" className="btn btn-outline" onClick={onPrevious}>
                <ArrowLeftIcon size={16} /> {t('Previous')}
              </button>
            ) : (
              <span />
            )}
            {step < LAST_STEP ? (
              <button key="next" type="button" className="btn btn-primary" onClick={onNext}>
                {t('Next')}
              </button>
            ) : (
              <button
                key="publish"
                type="submit"
                className="btn btn-primary"
                disabled={createJob.isPending}
              >
                {createJob.isPending ? t('Publishing...') : t('Publish Job')}
              </button>
            )}
          </div>
        </form>
      </main>
    </>
  );
}

function Review({ form }: { form: JobFormState }) {
  const skills = splitSkills(form.requiredSkills);
  const payment =
    form.jobType === 'hourly'
      ? t('{amount}/hr', { amount: formatMoney(form.hourlyRate) })
      : t('{amount} (Fixed)', { amount: formatMoney(form.fixedPrice) });
  return (
    <dl className="review-list">
      <div>
        <dt>{t('Category')}</dt>
        <dd>{form.category ? t(CATEGORY_LABELS[form.category as Category]) : ''}</dd>
      </div>
      <div>
        <dt>{t('Title')}</dt>
        <dd>{form.title.trim()}</dd>
      </div>
      <div>
        <dt>{t('Description')}</dt>
        <dd className="pre-line">{form.description.trim()}</dd>
      </div>
      {skills.length > 0 ? (
        <div>
          <dt>{t('Required Skills')}</dt>
          <dd>
            <ul className="badge-list">
              {skills.map((skill) => (
                <li key={skill}>
                  <Badge tone="outline">{skill}</Badge>
                </li>
              ))}
            </ul>
          </dd>
        </div>
      ) : null}
      <div>
        <dt>{t('Location')}</dt>
        <dd>{form.town.trim() ? `${form.town.trim()}, ${form.region}` : form.region}</dd>
      </div>
      <div>
        <dt>{t('Payment')}</dt>
        <dd className="price">{payment}</dd>
      </div>
      {form.jobType === 'hourly' && form.estimatedHours ? (
        <div>
          <dt>{t('Estimated Hours')}</dt>
          <dd>{form.estimatedHours}</dd>
        </div>
      ) : null}
      {form.startDate ? (
        <div>
          <dt>{t('Start Date')}</dt>
          <dd>{formatDay(form.startDate)}</dd>
        </div>
      ) : null}
    </dl>
  );
}

/**
 * Before Publish: a post the server will hold (it asks applicants for money) says so, so the
 * poster can change it or publish it for review knowingly.
 */
function HeldWarning({ form }: { form: JobFormState }) {
  const result = validateJobForm(form);
  if (!result.ok || !willBeHeld(result.value)) return null;
  return (
    <p className="notice" role="note">
      <strong>{MODERATION_MESSAGES.heldTitle}</strong>
      {MODERATION_MESSAGES.held}
    </p>
  );
}
