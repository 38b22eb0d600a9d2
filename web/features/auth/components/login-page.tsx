import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useState } from 'react';
import { Link, Navigate, useNavigate } from 'react-router-dom';
import {
  CodeSchema,
  SendCodeSchema,
  SignupProfileSchema,
} from '../../../../contracts/auth.schemas.ts';
import { ROLE_LABELS, ROLES, type Role } from '../../../../contracts/auth.ts';
import type { LoginFormState } from '../../../../contracts/first-screen.ts';
import { paths } from '../../../../contracts/paths.ts';
import { DEFAULT_REGION, REGIONS } from '../../../../contracts/regions.ts';
import {
  CODE_LENGTH,
  type DeliveryMethod,
  normalizeGhanaPhone,
  PHONE_PREFIX,
} from '../../../../contracts/sign-in.ts';
import { validate } from '../../../../contracts/validate.ts';
import { Field, TextField } from '../../../components/ui/field.tsx';
import { PendingButton } from '../../../components/ui/form-buttons.tsx';
import { LogoMark } from '../../../components/ui/icons.tsx';
import { RadioCards } from '../../../components/ui/radio-cards.tsx';
import { SelectInput } from '../../../components/ui/select-input.tsx';
import { FullPageSpinner } from '../../../components/ui/spinner.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useUser } from '../../../lib/auth.ts';
import { LOGIN_FORM_QUERY_KEY } from '../../../lib/drawn-page.ts';
import { msg, t } from '../../../lib/i18n/translate.ts';
import { PRODUCT_NAME } from '../../../lib/product.ts';
import { useForm } from '../../../lib/use-form.ts';
import { useSendCode } from '../api/send-code.ts';
import { useVerifyCode } from '../api/verify-code.ts';
import { ResendCode } from './resend-code.tsx';

type Step = 'phone' | 'code' | 'profile';

interface LoginValues {
  phoneNumber: string;
  deliveryMethod: DeliveryMethod;
  code: string;
  firstName: string;
  lastName: string;
  role: Role;
  region: string;
}

/** Each step's check, with the shared schemas the server's form posts are checked with too. */
const CHECKS = {
  phone: ({ phoneNumber, deliveryMethod }: LoginValues) =>
    validate(SendCodeSchema, { phoneNumber, deliveryMethod }),
  code: ({ code }: LoginValues) => {
    const result = validate(CodeSchema, code);
    return result.ok
      ? result
      : { ok: false as const, errors: { code: Object.values(result.errors)[0] ?? '' } };
  },
  profile: ({ firstName, lastName, role, region }: LoginValues) =>
    validate(SignupProfileSchema, { firstName, lastName, role, region }),
};

/** The values the server drew the form with after a post, else the empty form. */
function initialValues(drawn: LoginFormState | null): LoginValues {
  return {
    phoneNumber: drawn?.phoneNumber || PHONE_PREFIX,
    deliveryMethod: drawn?.deliveryMethod ?? 'sms',
    code: drawn?.code ?? '',
    firstName: drawn?.firstName ?? '',
    lastName: drawn?.lastName ?? '',
    role:
      drawn && (ROLES as readonly string[]).includes(drawn.role)
        ? (drawn.role as Role)
        : 'job_seeker',
    region: drawn?.region || DEFAULT_REGION,
  };
}

/**
 * Where the sign-in forms post when the app's script has not run (ADR 031): the server checks
 * each step as the app does and answers with the next one drawn.
 */
export const LOGIN_FORM_ACTION = paths.login;

export function LoginPage() {
  const { user, isLoading } = useUser();
  const navigate = useNavigate();
  const toast = useToast();
  const sendCode = useSendCode();
  const verifyCode = useVerifyCode();
  // The step the server drew after a form post, when it did: the app takes over from there.
  const queryClient = useQueryClient();
  const [drawn] = useState(
    () => queryClient.getQueryData<LoginFormState>(LOGIN_FORM_QUERY_KEY) ?? null,
  );

  const [step, setStep] = useState<Step>(drawn?.step ?? 'phone');
  const form = useForm<LoginValues, unknown>(
    () => initialValues(drawn),
    (values) => CHECKS[step](values),
    drawn?.errors,
  );
  const { values, errors, field } = form;
  const { phoneNumber, deliveryMethod, code } = values;
  const [sentAt, setSentAt] = useState(drawn?.sentAt ?? 0);
  const [resendError, setResendError] = useState<string | undefined>();
  // The server's word on the last posted step, shown in the form until the app acts.
  const [said, setSaid] = useState(drawn?.refusal ?? drawn?.notice ?? null);
  const refused = Boolean(drawn?.refusal) && said === drawn?.refusal;

  if (isLoading) return <FullPageSpinner />;
  if (user) return <Navigate to={paths.home} replace />;

  /** Sends a code to the number as written (0241..., 024 100 0001, +233 24...), in +233 form. */
  const send = async (): Promise<{ sent: true } | { sent: false; message?: string }> => {
    const normalized = normalizeGhanaPhone(phoneNumber);
    form.set('phoneNumber', normalized);
    const result = CHECKS.phone({ ...values, phoneNumber: normalized });
    form.show(result.ok ? {} : result.errors);
    if (!result.ok) return { sent: false };
    try {
      await sendCode.mutateAsync(result.value);
      form.set('code', '');
      setSentAt(Date.now());
      toast({
        title: t('Code Sent!'),
        description: t('Check your SMS/WhatsApp for the verification code.'),
      });
      return { sent: true };
    } catch (error) {
      const message = errorMessage(error, msg('Please try again.'));
      toast({ variant: 'destructive', title: t('Failed to Send Code'), description: message });
      return { sent: false, message };
    }
  };

  const onSendCode = async (event: FormEvent) => {
    event.preventDefault();
    setSaid(null);
    if (!(await send()).sent) return;
    setResendError(undefined);
    setStep('code');
  };

  const onResend = async () => {
    const outcome = await send();
    setResendError(outcome.sent ? undefined : outcome.message);
  };

  const onVerify = async (event: FormEvent) => {
    event.preventDefault();
    setSaid(null);
    const result = CHECKS.code(values);
    form.show(result.ok ? {} : result.errors);
    if (!result.ok) return;
    try {
      const outcome = await verifyCode.mutateAsync({
        phoneNumber: phoneNumber.trim(),
        code: result.value,
      });
      if (outcome.isNewUser) {
        setStep('profile');
        toast({
          title: t('Phone Verified!'),
          description: t('Please complete your profile to continue.'),
        });
      } else {
        toast({ title: t('Welcome Back!'), description: t("You've been logged in successfully.") });
        navigate(paths.home, { replace: true });
      }
    } catch (error) {
      toast({
        variant: 'destructive',
        title: t('Verification Failed'),
        description: errorMessage(error, msg('Invalid code. Please try again.')),
      });
    }
  };

  const onSignup = async (event: FormEvent) => {
    event.preventDefault();
    setSaid(null);
    const result = CHECKS.profile(values);
    form.show(result.ok ? {} : result.errors);
    if (!result.ok) return;
    try {
      await verifyCode.mutateAsync({ phoneNumber: phoneNumber.trim(), code, ...result.value });
      toast({
        title: t('Account Created!'),
        description: t('Welcome to {PRODUCT_NAME}!', { PRODUCT_NAME }),
      });
      navigate(paths.home, { replace: true });
    } catch (error) {
      toast({
        variant: 'destructive',
        title: t('Signup Failed'),
        description: errorMessage(error, msg('Please try again.')),
      });
    }
  };

  return (
    <main id="main" className="auth-page">
      <Link to={paths.home} className="brand auth-brand">
        <LogoMark size={40} />
        <span className="brand-name">{PRODUCT_NAME}</span>
      </Link>
      <div className="card auth-card">
        <ol className="auth-progress" aria-label={t('Sign-in progress')}>
          {(['phone', 'code', 'profile'] as const).map((item, index) => (
            <li
              key={item}
              className={item === step ? 'current' : undefined}
              aria-current={item === step ? 'step' : undefined}
            >
              <span className="visually-hidden">{t('Step {step}', { step: index + 1 })}</span>
            </li>
          ))}
        </ol>

        {said ? (
          <div
            className={refused ? 'form-refusal' : 'form-notice'}
            role={refused ? 'alert' : 'status'}
          >
            <p className="form-refusal-title">{t(said.title)}</p>
            <p>{t(said.message)}</p>
          </div>
        ) : null}

        {step === 'phone' ? (
          <StepForm
            step="phone"
            onSubmit={onSendCode}
            title={t('Sign In / Sign Up')}
            lead={t("Enter your Ghana phone number and we'll send you a code.")}
          >
            <TextField
              label={t('Phone Number')}
              error={errors.phoneNumber}
              hint={t('Format: +233XXXXXXXXX (024 123 4567 works too)')}
              type="tel"
              name="phoneNumber"
              inputMode="tel"
              autoComplete="tel"
              {...field('phoneNumber')}
              placeholder="+233XXXXXXXXX"
            />
            <RadioCards
              legend={t('Send code via')}
              name="deliveryMethod"
              options={DELIVERY_OPTIONS}
              value={deliveryMethod}
              onChange={(value) => form.set('deliveryMethod', value)}
            />
            <PendingButton
              className="btn btn-primary btn-block"
              pending={sendCode.isPending}
              pendingLabel={t('Sending...')}
            >
              {t('Send Code')}
            </PendingButton>
          </StepForm>
        ) : null}

        {step === 'code' ? (
          <StepForm
            step="code"
            onSubmit={onVerify}
            carry={{ phoneNumber: phoneNumber.trim() }}
            title={t('Enter Verification Code')}
            lead={t('We sent a 6-digit code via SMS/WhatsApp to {phone}', {
              phone: phoneNumber.trim(),
            })}
          >
            <TextField
              label={t('Verification Code')}
              error={errors.code}
              className="input input-code"
              type="text"
              name="code"
              inputMode="numeric"
              autoComplete="one-time-code"
              pattern="[0-9]*"
              maxLength={CODE_LENGTH}
              value={code}
              onChange={(event) => form.set('code', event.target.value.replace(/\D/g, ''))}
              placeholder="000000"
            />
            <div className="button-row">
              <button
                type="submit"
                name="back"
                value="1"
                formNoValidate
                className="btn btn-outline"
                onClick={(event) => {
                  event.preventDefault();
                  form.show({});
                  setSaid(null);
                  setStep('phone');
                }}
              >
                {t('Back')}
              </button>
              <PendingButton
                className="btn btn-primary grow"
                pending={verifyCode.isPending}
                pendingLabel={t('Verifying...')}
              >
                {t('Verify')}
              </PendingButton>
            </div>
            <ResendCode
              sentAt={sentAt}
              pending={sendCode.isPending}
              error={resendError}
              onResend={() => void onResend()}
            />
          </StepForm>
        ) : null}

        {step === 'profile' ? (
          <StepForm
            step="profile"
            onSubmit={onSignup}
            carry={{ phoneNumber: phoneNumber.trim(), code }}
            title={t('Complete Your Profile')}
            lead={t('Tell us a little about yourself to finish signing up.')}
          >
            <div className="form-row">
              <TextField
                label={t('First Name')}
                error={errors.firstName}
                name="firstName"
                autoComplete="given-name"
                {...field('firstName')}
              />
              <TextField
                label={t('Last Name')}
                error={errors.lastName}
                name="lastName"
                autoComplete="family-name"
                {...field('lastName')}
              />
            </div>
            <Field
              label={t('I am a...')}
              error={errors.role}
              hint={t(
                "Hiring workers or booking artists for an event? Choose Employer. You can't change this later.",
              )}
            >
              <SelectInput
                name="role"
                options={ROLES}
                label={(value) => t(ROLE_LABELS[value])}
                {...field('role')}
              />
            </Field>
            <Field label={t('Region')} error={errors.region}>
              <SelectInput name="region" options={REGIONS} {...field('region')} />
            </Field>
            <PendingButton
              className="btn btn-primary btn-block"
              pending={verifyCode.isPending}
              pendingLabel={t('Creating account...')}
            >
              {t('Complete Sign Up')}
            </PendingButton>
          </StepForm>
        ) : null}
      </div>
      <p className="auth-footnote muted">
        {t('By continuing you agree to receive a one-time code by SMS or WhatsApp.')}
      </p>
    </main>
  );
}

const DELIVERY_OPTIONS = [
  ['sms', 'SMS'],
  ['whatsapp', 'WhatsApp'],
] as const;

/**
 * One step of signing in: a form that posts to the server without JavaScript too (the server
 * draws the next step), so what earlier steps asked for (`carry`) goes along hidden.
 */
function StepForm({
  step,
  onSubmit,
  carry = {},
  title,
  lead,
  children,
}: {
  step: Step;
  onSubmit: (event: FormEvent) => void;
  carry?: Record<string, string>;
  title: string;
  lead: string;
  children: ReactNode;
}) {
  return (
    <form onSubmit={onSubmit} method="post" action={LOGIN_FORM_ACTION} noValidate className="stack">
      <input type="hidden" name="step" value={step} />
      {Object.entries(carry).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <div>
        <h1 className="auth-title">{title}</h1>
        <p className="muted">{lead}</p>
      </div>
      {children}
    </form>
  );
}
