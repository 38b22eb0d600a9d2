import * as v from 'valibot';
import { toPesewas } from './money.ts';

/** A money input (number or decimal string) parsed into pesewas. */
export function moneySchema(message: string) {
  return v.pipe(
    v.union([v.string(message), v.number(message)], message),
    v.rawTransform(({ dataset, addIssue, NEVER }) => {
      const pesewas = toPesewas(dataset.value);
      if (pesewas === undefined) {
        addIssue({ message });
        return NEVER;
      }
      return pesewas;
    }),
  );
}
