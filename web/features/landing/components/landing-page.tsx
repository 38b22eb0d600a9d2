import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '../../../../contracts/paths.ts';
import { LanguagePicker } from '../../../components/layout/language-picker.tsx';
import { SiteFooter } from '../../../components/layout/site-footer.tsx';
import { SiteHeader } from '../../../components/layout/site-header.tsx';
import {
  ArrowRightIcon,
  BriefcaseIcon,
  ChartIcon,
  CheckIcon,
  MapIcon,
  MusicIcon,
  PhoneIcon,
  PinIcon,
  SearchIcon,
  ShieldIcon,
  StarIcon,
  UsersIcon,
  WalletIcon,
  WrenchIcon,
} from '../../../components/ui/icons.tsx';
import { formatMoney } from '../../../lib/format.ts';
import { msg, t } from '../../../lib/i18n/translate.ts';

const FEATURES: { title: string; text: string; icon: ReactNode }[] = [
  {
    title: msg('Secure Escrow'),
    text: msg(
      'Payment is held safely until both parties confirm the work is complete, then released.',
    ),
    icon: <ShieldIcon />,
  },
  {
    title: msg('16 Ghana Regions'),
    text: msg('From Greater Accra to Upper West: find work and talent wherever you are.'),
    icon: <MapIcon />,
  },
  {
    title: msg('All Job Types'),
    text: msg(
      'Hourly or fixed-price work in skilled trades, professional services and entertainment.',
    ),
    icon: <BriefcaseIcon />,
  },
  {
    title: msg('Mobile Money'),
    text: msg('Pay and get paid with MTN, Vodafone and AirtelTigo mobile money or card.'),
    icon: <PhoneIcon />,
  },
];

const CATEGORIES: {
  title: string;
  text: string;
  icon: ReactNode;
  tone: string;
  to: string;
  cta: string;
}[] = [
  {
    title: msg('Skilled Trades'),
    text: msg('Plumbers, electricians, carpenters, mechanics'),
    icon: <WrenchIcon />,
    tone: 'blue',
    to: paths.jobs,
    cta: msg('Browse Jobs'),
  },
  {
    title: msg('Professional'),
    text: msg('Accountants, lawyers, consultants, IT experts'),
    icon: <ChartIcon />,
    tone: 'purple',
    to: paths.jobs,
    cta: msg('Browse Jobs'),
  },
  {
    title: msg('General Labor'),
    text: msg('Cleaners, movers, security, general help'),
    icon: <UsersIcon />,
    tone: 'green',
    to: paths.jobs,
    cta: msg('Browse Jobs'),
  },
  {
    title: msg('Entertainment'),
    text: msg('Musicians, DJs, performers, event artists'),
    icon: <MusicIcon />,
    tone: 'gold',
    to: paths.artists,
    cta: msg('Browse Artists'),
  },
];

const STEPS = [
  {
    title: msg('Post or Search'),
    text: msg(
      'Employers post a job in minutes. Job seekers and clients search by category and region.',
    ),
    icon: <SearchIcon />,
  },
  {
    title: msg('Apply or Book'),
    text: msg('Apply with a cover letter, or send an artist a booking request for your event.'),
    icon: <CheckIcon />,
  },
  {
    title: msg('Pay & Complete'),
    text: msg('Pay into escrow with mobile money. Funds are released once both sides confirm.'),
    icon: <WalletIcon />,
  },
];

/** A decorative glimpse of the product beside the hero text on wide screens. */
/** A band of the landing page under its heading (`id` names the heading for the section). */
function LandingSection({
  id,
  title,
  tinted = false,
  children,
}: {
  id: string;
  title: string;
  tinted?: boolean;
  children: ReactNode;
}) {
  return (
    <section className={tinted ? 'section section-tinted' : 'section'} aria-labelledby={id}>
      <div className="container">
        <h2 id={id} className="section-title">
          {title}
        </h2>
        {children}
      </div>
    </section>
  );
}

function HeroArt() {
  return (
    <div className="hero-art" aria-hidden="true">
      <div className="card">
        <div className="card-top">
          <span className="badge badge-blue">{t('Skilled Trades')}</span>
          <span className="price">{t('{amount}/hr', { amount: formatMoney(45) })}</span>
        </div>
        <h3 className="card-title">{t('Electrician for a shop in Adum')}</h3>
        <p className="meta">
          <PinIcon size={16} /> Ashanti · {t('{count} applicants', { count: 3 })}
        </p>
      </div>
      <div className="card">
        <div className="card-top">
          <span className="badge badge-gold">{t('DJ')}</span>
          <span className="badge badge-green">
            <CheckIcon size={14} /> {t('Booked')}
          </span>
        </div>
        <h3 className="card-title">{t('DJ Kasa for a wedding in East Legon')}</h3>
        <p className="meta">
          <StarIcon size={16} /> 4.7 · Greater Accra
        </p>
      </div>
      <span className="escrow-pill">
        <ShieldIcon size={18} />{' '}
        {t('{amount} held safely in escrow', { amount: formatMoney(1250) })}
      </span>
    </div>
  );
}

export function LandingPage() {
  return (
    <>
      <SiteHeader
        actions={
          <>
            <Link to={paths.login} className="btn btn-ghost btn-sm">
              {t('Log In')}
            </Link>
            <Link to={paths.login} className="btn btn-primary btn-sm">
              {t('Get Started')}
            </Link>
          </>
        }
      />
      <main id="main">
        <section className="hero">
          <div className="container hero-inner">
            <div>
              <p className="eyebrow">{t('Akwaaba! Work and talent, all across Ghana')}</p>
              <h1 className="hero-title">
                {t('Find work, hire help and book artists')}{' '}
                <span className="accent">{t('near you')}</span>
              </h1>
              <p className="hero-text">
                {t(
                  'From plumbers in Kumasi to DJs in Accra: post a job, apply in minutes and pay safely with mobile money, held in escrow until the job is done.',
                )}
              </p>
              <div className="hero-actions">
                <Link to={paths.jobs} className="btn btn-gold btn-lg">
                  {t('Browse Jobs')}
                </Link>
                <Link to={paths.login} className="btn btn-on-dark btn-lg">
                  {t('Post a Job')}
                </Link>
              </div>
              <LanguagePicker className="hero-language" label={t('Choose your language')} />
              <dl className="hero-stats">
                <div>
                  <dt>{t('Jobs posted')}</dt>
                  <dd>10,000+</dd>
                </div>
                <div>
                  <dt>{t('Regions covered')}</dt>
                  <dd>16</dd>
                </div>
                <div>
                  <dt>{t('Mobile-money networks')}</dt>
                  <dd>3</dd>
                </div>
              </dl>
            </div>
            <HeroArt />
          </div>
        </section>

        <LandingSection id="why-heading" title={t('Why Ghana trusts us')}>
          <div className="feature-grid">
            {FEATURES.map((feature) => (
              <article key={feature.title} className="card feature-card">
                <div className="feature-icon">{feature.icon}</div>
                <h3>{t(feature.title)}</h3>
                <p className="muted">{t(feature.text)}</p>
              </article>
            ))}
          </div>
        </LandingSection>

        <LandingSection id="categories-heading" title={t('Browse by category')} tinted>
          <div className="feature-grid">
            {CATEGORIES.map((category) => (
              <Link
                key={category.title}
                to={category.to}
                className={`card category-card tone-${category.tone}`}
              >
                <div className="category-icon">{category.icon}</div>
                <h3>{t(category.title)}</h3>
                <p className="muted">{t(category.text)}</p>
                <span className="link-cta">
                  {t(category.cta)} <ArrowRightIcon size={16} />
                </span>
              </Link>
            ))}
          </div>
        </LandingSection>

        <LandingSection id="how-heading" title={t('How It Works')}>
          <ol className="steps">
            {STEPS.map((step, index) => (
              <li key={step.title} className="step">
                <span className="step-number" aria-hidden="true">
                  {index + 1}
                </span>
                <div>
                  <h3>{t(step.title)}</h3>
                  <p className="muted">{t(step.text)}</p>
                </div>
              </li>
            ))}
          </ol>
        </LandingSection>

        <section className="section">
          <div className="container">
            <div className="cta-band">
              <div>
                <h2>{t('Ready to get started?')}</h2>
                <p>{t('Sign up free with your Ghana phone number. No password needed.')}</p>
              </div>
              <Link to={paths.login} className="btn btn-gold btn-lg">
                {t('Join Now')}
              </Link>
            </div>
          </div>
        </section>
      </main>
      <SiteFooter />
    </>
  );
}
