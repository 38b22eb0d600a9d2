import * as v from 'valibot';
import { objectSchema } from './common.schemas.ts';
import { LANGUAGE_MESSAGE, LANGUAGES } from './languages.ts';

export const LanguageSchema = v.picklist(LANGUAGES, LANGUAGE_MESSAGE);

/** PUT /api/me/language: the language the account's SMS (and USSD menus) use. */
export const SetLanguageSchema = objectSchema({ language: LanguageSchema });
export type SetLanguage = v.InferOutput<typeof SetLanguageSchema>;
