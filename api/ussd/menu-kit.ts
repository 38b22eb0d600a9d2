import type { Translate } from '../messages/catalogs.ts';
import { gsm7Length, USSD_MAX } from '../messages/gsm7.ts';

/**
 * The parts every USSD menu is made of, independent of any gateway's wire format. A session is
 * the list of everything the caller typed since they dialled; each screen takes the inputs left
 * after the screens before it, shows itself when none are left, or reads the first and hands the
 * rest on. So a screen is a pure function of the data and the inputs; what a list showed is
 * kept for the session (list-memory.ts), so replaying the inputs shows the same screens.
 */

/** What the caller sees next: more to come (CON), or the session's last screen (END). */
export interface UssdReply {
  end: boolean;
  text: string;
}

/**
 * The longest text of a screen: a gateway carries 182 characters with its "CON " or "END " in
 * front, so 178 are ours.
 */
export const SCREEN_MAX = USSD_MAX - 'CON '.length;

export const more = (text: string): UssdReply => ({ end: false, text });
export const last = (text: string): UssdReply => ({ end: true, text });

/** A screen: given the inputs typed at it and after it, what the caller sees. */
export type Screen = (inputs: readonly string[]) => Promise<UssdReply>;

/**
 * A screen that asks and reads one answer. `choose` gives the screen that follows an answer, or
 * undefined for one it cannot take: the screen is shown again, saying so (the caller may type
 * again in the same session).
 */
export function ask(
  t: Translate,
  prompt: string,
  choose: (input: string, rest: readonly string[]) => Promise<UssdReply> | undefined,
  inputs: readonly string[],
  again: string = t('ussdInvalid'),
): Promise<UssdReply> {
  let refused = false;
  let left = inputs;
  while (left.length > 0) {
    const [input = '', ...rest] = left;
    const next = choose(input.trim(), rest);
    if (next) return next;
    refused = true;
    left = rest;
  }
  return Promise.resolve(more(refused ? withNotice(again, prompt) : prompt));
}

/** A notice above a screen, when both fit; the screen alone when they do not. */
export function withNotice(notice: string, prompt: string): string {
  const both = `${notice}\n${prompt}`;
  return gsm7Length(both) <= SCREEN_MAX ? both : prompt;
}

export interface ListMenu {
  title: string;
  /** Each choice's text, already cleaned for GSM-7 and short. */
  items: readonly string[];
  /** What follows choosing item `index`. */
  pick: (index: number, rest: readonly string[]) => Promise<UssdReply>;
  /** Where 00 on the first page leads; without it, 00 there is not on the menu. */
  back?: Screen;
}

/**
 * A numbered list, as many choices to a page as fit on a screen (with room for the "Not on the
 * menu" notice), paged with 0 Next and 00 Back. Numbers run on from page to page.
 */
export function listMenu(
  t: Translate,
  menu: ListMenu,
  inputs: readonly string[],
): Promise<UssdReply> {
  const pages = pageBreaks(t, menu);
  const show = (page: number, left: readonly string[]): Promise<UssdReply> => {
    const [start, end] = pages[page] ?? [0, 0];
    const lines = [menu.title];
    for (let index = start; index < end; index += 1)
      lines.push(`${index + 1} ${menu.items[index]}`);
    if (page < pages.length - 1) lines.push(t('ussdNext'));
    if (page > 0 || menu.back) lines.push(t('ussdBack'));
    return ask(
      t,
      lines.join('\n'),
      (input, rest) => {
        if (input === '0' && page < pages.length - 1) return show(page + 1, rest);
        if (input === '00') {
          if (page > 0) return show(page - 1, rest);
          return menu.back?.(rest);
        }
        if (!/^\d{1,3}$/.test(input)) return undefined;
        const chosen = Number(input) - 1;
        return chosen >= 0 && chosen < menu.items.length ? menu.pick(chosen, rest) : undefined;
      },
      left,
    );
  };
  return show(0, inputs);
}

/** The [start, end) of each page: as many items as fit with the title, Next and Back. */
function pageBreaks(t: Translate, menu: ListMenu): [number, number][] {
  const room =
    SCREEN_MAX -
    gsm7Length(t('ussdInvalid')) -
    1 -
    gsm7Length(menu.title) -
    gsm7Length(`\n${t('ussdNext')}\n${t('ussdBack')}`);
  const pages: [number, number][] = [];
  let start = 0;
  while (start < menu.items.length) {
    let used = 0;
    let end = start;
    while (end < menu.items.length) {
      const line = gsm7Length(`\n${end + 1} ${menu.items[end]}`);
      if (end > start && used + line > room) break;
      used += line;
      end += 1;
    }
    pages.push([start, end]);
    start = end;
  }
  return pages.length > 0 ? pages : [[0, 0]];
}
