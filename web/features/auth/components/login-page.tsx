import { type FormEvent, useState } from 'react';
import { Link, Navigate, useNavigate } from 'react-router-dom';
import {
  CodeSchema,
  SendCodeSchema,
  SignupProfileSchema,
} from '../../../../contracts/auth.schemas.ts';
import {
  CODE_LENGTH,
  type DeliveryMethod,
  normalizeGhanaPhone,
  PHONE_PREFIX,
  ROLE_LABELS,
  ROLES,
  type Role,
} from '../../../../contracts/auth.ts';
import { paths } from '../../../../contracts/paths.ts';
import { DEFAULT_REGION, REGIONS } from '../../../../contracts/regions.ts';
import { validate } from '../../../../contracts/validate.ts';
import { Field } from '../../../components/ui/field.tsx';
import { LogoMark } from '../../../components/ui/icons.tsx';
import { FullPageSpinner } from '../../../components/ui/spinner.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useUser } from '../../../lib/auth.ts';
import { PRODUCT_NAME } from '../../../lib/product.ts';
import { useSendCode } from '../api/send-code.ts';
import { useVerifyCode } from '../api/verify-code.ts';
import { ResendCode } from './resend-code.tsx';

type Step = 'phone' | 'code' | 'profile';

export function LoginPage() {
  const { user, isLoading } = useUser();
  const navigate = useNavigate();
  const toast = useToast();
  const sendCode = useSendCode();
  const verifyCode = useVerifyCode();

  const [step, setStep] = useState<Step>('phone');
  const [phoneNumber, setPhoneNumber] = useState(PHONE_PREFIX);
  const [deliveryMethod, setDeliveryMethod] = useState<DeliveryMethod>('sms');
  const [code, setCode] = useState('');
  const [firstName, setFirstName] = useState('');
  const [lastName, setLastName] = useState('');
  const [role, setRole] = useState<Role>('job_seeker');
  const [region, setRegion] = useState<string>(DEFAULT_REGION);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [sentAt, setSentAt] = useState(0);
  const [resendError, setResendError] = useState<string | undefined>();

  if (isLoading) return <FullPageSpinner />;
  if (user) return <Navigate to={paths.home} replace />;

  /** Sends a code to the number as written (0241..., 024 100 0001, +233 24...), in +233 form. */
  const send = async (): Promise<{ sent: true } | { sent: false; message?: string }> => {
    const normalized = normalizeGhanaPhone(phoneNumber);
    setPhoneNumber(normalized);
    const result = validate(SendCodeSchema, { phoneNumber: normalized, deliveryMethod });
    if (!result.ok) {
      setErrors(result.errors);
      return { sent: false };
    }
    setErrors({});
    try {
      await sendCode.mutateAsync(result.value);
      setCode('');
      setSentAt(Date.now());
      toast({
        title: 'Code Sent!',
        description: 'Check your SMS/WhatsApp for the verification code.',
      });
      return { sent: true };
    } catch (error) {
      const message = errorMessage(error, 'Please try again.');
      toast({ variant: 'destructive', title: 'Failed to Send Code', description: message });
      return { sent: false, message };
    }
  };

  const onSendCode = async (event: FormEvent) => {
    event.preventDefault();
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
    const result = validate(CodeSchema, code);
    if (!result.ok) return setErrors({ code: Object.values(result.errors)[0] ?? '' });
    setErrors({});
    try {
      const outcome = await verifyCode.mutateAsync({
        phoneNumber: phoneNumber.trim(),
        code: result.value,
      });
      if (outcome.isNewUser) {
        setStep('profile');
        toast({
          title: 'Phone Verified!',
          description: 'Please complete your profile to continue.',
        });
      } else {
        toast({ title: 'Welcome Back!', description: "You've been logged in successfully." });
        navigate(paths.home, { replace: true });
      }
    } catch (error) {
      toast({
        variant: 'destructive',
        title: 'Verification Failed',
        description: errorMessage(error, 'Invalid code. Please try again.'),
      });
    }
  };

  const onSignup = async (event: FormEvent) => {
    event.preventDefault();
    const result = validate(SignupProfileSchema, { firstName, lastName, role, region });
    if (!result.ok) return setErrors(result.errors);
    setErrors({});
    try {
      await verifyCode.mutateAsync({ phoneNumber: phoneNumber.trim(), code, ...result.value });
      toast({ title: 'Account Created!', description: `Welcome to ${PRODUCT_NAME}!` });
      navigate(paths.home, { replace: true });
    } catch (error) {
      toast({
        variant: 'destructive',
        title: 'Signup Failed',
        description: errorMessage(error, 'Please try again.'),
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
        <ol className="auth-progress" aria-label="Sign-in progress">
          {(['phone', 'code', 'profile'] as const).map((item, index) => (
            <li
              key={item}
              className={item === step ? 'current' : undefined}
              aria-current={item === step ? 'step' : undefined}
            >
              <span className="visually-hidden">Step {index + 1}</span>
            </li>
          ))}
        </ol>

        {step === 'phone' ? (
          <form onSubmit={onSendCode} noValidate className="stack">
            <div>
              <h1 className="auth-title">Sign In / Sign Up</h1>
              <p className="muted">Enter your Ghana phone number and we'll send you a code.</p>
            </div>
            <Field
              label="Phone Number"
              error={errors.phoneNumber}
              hint="Format: +233XXXXXXXXX (024 123 4567 works too)"
            >
              <input
                className="input"
                type="tel"
                inputMode="tel"
                autoComplete="tel"
                value={phoneNumber}
                onChange={(event) => setPhoneNumber(event.target.value)}
                placeholder="+233XXXXXXXXX"
              />
            </Field>
            <fieldset className="fieldset">
              <legend className="label">Send code via</legend>
              <div className="radio-row">
                {(
                  [
                    ['sms', 'SMS'],
                    ['whatsapp', 'WhatsApp'],
                  ] as const
                ).map(([value, label]) => (
                  <label key={value} className="radio-card">
                    <input
                      type="radio"
                      name="deliveryMethod"
                      value={value}
                      checked={deliveryMethod === value}
                      onChange={() => setDeliveryMethod(value)}
                    />
                    <span>{label}</span>
                  </label>
                ))}
              </div>
            </fieldset>
            <button
              type="submit"
              className="btn btn-primary btn-block"
              disabled={sendCode.isPending}
            >
              {sendCode.isPending ? 'Sending...' : 'Send Code'}
            </button>
          </form>
        ) : null}

        {step === 'code' ? (
          <form onSubmit={onVerify} noValidate className="stack">
            <div>
              <h1 className="auth-title">Enter Verification Code</h1>
              <p className="muted">
                We sent a 6-digit code via SMS/WhatsApp to {phoneNumber.trim()}
              </p>
            </div>
            <Field label="Verification Code" error={errors.code}>
              <input
                className="input input-code"
                type="text"
                inputMode="numeric"
                autoComplete="one-time-code"
                pattern="[0-9]*"
                maxLength={CODE_LENGTH}
                value={code}
                onChange={(event) => setCode(event.target.value.replace(/\D/g, ''))}
                placeholder="000000"
              />
            </Field>
            <div className="button-row">
              <button
                type="button"
                className="btn btn-outline"
                onClick={() => {
                  setErrors({});
                  setStep('phone');
                }}
              >
                Back
              </button>
              <button
                type="submit"
                className="btn btn-primary grow"
                disabled={verifyCode.isPending}
              >
                {verifyCode.isPending ? 'Verifying...' : 'Verify'}
              </button>
            </div>
            <ResendCode
              sentAt={sentAt}
              pending={sendCode.isPending}
              error={resendError}
              onResend={() => void onResend()}
            />
          </form>
        ) : null}

        {step === 'profile' ? (
          <form onSubmit={onSignup} noValidate className="stack">
            <div>
              <h1 className="auth-title">Complete Your Profile</h1>
              <p className="muted">Tell us a little about yourself to finish signing up.</p>
            </div>
            <div className="form-row">
              <Field label="First Name" error={errors.firstName}>
                <input
                  className="input"
                  autoComplete="given-name"
                  value={firstName}
                  onChange={(event) => setFirstName(event.target.value)}
                />
              </Field>
              <Field label="Last Name" error={errors.lastName}>
                <input
                  className="input"
                  autoComplete="family-name"
                  value={lastName}
                  onChange={(event) => setLastName(event.target.value)}
                />
              </Field>
            </div>
            <Field
              label="I am a..."
              error={errors.role}
              hint="Hiring workers or booking artists for an event? Choose Employer. You can't change this later."
            >
              <select
                className="input"
                value={role}
                onChange={(event) => setRole(event.target.value as Role)}
              >
                {ROLES.map((value) => (
                  <option key={value} value={value}>
                    {ROLE_LABELS[value]}
                  </option>
                ))}
              </select>
            </Field>
            <Field label="Region" error={errors.region}>
              <select
                className="input"
                value={region}
                onChange={(event) => setRegion(event.target.value)}
              >
                {REGIONS.map((value) => (
                  <option key={value} value={value}>
                    {value}
                  </option>
                ))}
              </select>
            </Field>
            <button
              type="submit"
              className="btn btn-primary btn-block"
              disabled={verifyCode.isPending}
            >
              {verifyCode.isPending ? 'Creating account...' : 'Complete Sign Up'}
            </button>
          </form>
        ) : null}
      </div>
      <p className="auth-footnote muted">
        By continuing you agree to receive a one-time code by SMS or WhatsApp.
      </p>
    </main>
  );
}
