import * as v from 'valibot';
import { PersonNameSchema, SignupProfileSchema } from '../../contracts/auth.schemas.ts';
import type { Role } from '../../contracts/auth.ts';
import { LANGUAGE_NAMES, LANGUAGES, type Language } from '../../contracts/languages.ts';
import { REGIONS } from '../../contracts/regions.ts';
import type { AuthService } from '../auth/auth-service.ts';
import { Conflict } from '../lib/domain-errors.ts';
import { type MessageKey, type Translate, translator } from '../messages/catalogs.ts';
import { gsm7Text } from '../messages/gsm7.ts';
import { ask, last, listMenu, type UssdReply } from './menu-kit.ts';
import { refusalText } from './refusals.ts';
import { shownText } from './screens.ts';

import type { UssdRequest } from './ussd-engine.ts';

const SIGN_UP_ROLES = new Map<string, Role>([
  ['1', 'job_seeker'],
  ['2', 'employer'],
  ['3', 'artist'],
]);

/** The sign-up's last screen: where each role goes next. */
const SIGNED_UP_KEYS: Record<Role, MessageKey> = {
  job_seeker: 'ussdSignedUpSeeker',
  employer: 'ussdSignedUpEmployer',
  artist: 'ussdSignedUpArtist',
};

/** Each language by its own name, as GSM-7 carries it (Eʋegbe as Evegbe, Gã as Ga). */
export const LANGUAGE_CHOICES = LANGUAGES.map((language) => gsm7Text(LANGUAGE_NAMES[language], 20));

/**
 * A number with no account signs up in three screens (name, role, region), in the language
 * chosen on the first; the web's sign-up contract judges what they typed. Answers the welcome
 * screen, from which the rest follows.
 */
export function signUpScreens({ auth, publicUrl }: { auth: AuthService; publicUrl: string }) {
  return welcome;

  async function welcome(
    request: UssdRequest,
    t: Translate,
    inputs: readonly string[],
  ): Promise<UssdReply> {
    // Sign-up goes on in the language chosen here, and the new account keeps it.
    const start = (language: Language | null, rest: readonly string[]) =>
      askName(request, translator(language), language, rest);
    return ask(
      t,
      t('ussdWelcome'),
      (input, rest) => {
        if (input === '1') return start(null, rest);
        if (input === '2') {
          return listMenu(
            t,
            {
              title: t('ussdLanguage'),
              items: LANGUAGE_CHOICES,
              pick: (index, after) => start(LANGUAGES[index] ?? null, after),
              back: (after) => welcome(request, t, after),
            },
            rest,
          );
        }
        return undefined;
      },
      inputs,
    );
  }

  function askName(
    request: UssdRequest,
    t: Translate,
    language: Language | null,
    inputs: readonly string[],
  ): Promise<UssdReply> {
    return ask(
      t,
      t('ussdAskName'),
      (input, rest) => {
        const [first, ...others] = input.split(/\s+/).filter(Boolean);
        // Judged here by the sign-up contract (each name, and both together), so a name it
        // refuses is asked for again.
        if (others.length === 0) return undefined;
        const name = v.safeParse(PersonNameSchema, {
          firstName: first ?? '',
          lastName: others.join(' '),
        });
        if (!name.success) return undefined;
        return askRole(request, t, language, name.output, rest);
      },
      inputs,
      t('ussdNameAgain'),
    );
  }

  function askRole(
    request: UssdRequest,
    t: Translate,
    language: Language | null,
    name: { firstName: string; lastName: string },
    inputs: readonly string[],
  ): Promise<UssdReply> {
    return ask(
      t,
      t('ussdAskRole'),
      (input, rest) => {
        const role = SIGN_UP_ROLES.get(input);
        return role ? askRegion(request, t, language, { ...name, role }, rest) : undefined;
      },
      inputs,
    );
  }

  function askRegion(
    request: UssdRequest,
    t: Translate,
    language: Language | null,
    partial: { firstName: string; lastName: string; role: Role },
    inputs: readonly string[],
  ): Promise<UssdReply> {
    return listMenu(
      t,
      {
        title: t('ussdAskRegion'),
        items: REGIONS,
        pick: async (index) => {
          // The web's sign-up contract judges the profile: the same names are refused.
          const profile = v.safeParse(SignupProfileSchema, { ...partial, region: REGIONS[index] });
          if (!profile.success) return last(refusalText(t, profile.issues[0], publicUrl));
          try {
            const actor = await auth.signUpVerifiedCaller({
              phoneNumber: request.phoneNumber,
              profile: profile.output,
              language,
            });
            const name = shownText(actor.firstName, 20);
            return last(t(SIGNED_UP_KEYS[partial.role], { name, url: publicUrl }));
          } catch (error) {
            // Signed up meanwhile (on the web, or a second dial): nothing more to do here.
            if (error instanceof Conflict) return last(t('ussdNumberTaken'));
            throw error;
          }
        },
        back: (rest) => askRole(request, t, language, partial, rest),
      },
      inputs,
    );
  }
}
