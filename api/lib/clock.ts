/** The time source of the app; tests pass their own to move time forward. */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();

export const addSeconds = (date: Date, seconds: number) =>
  new Date(date.getTime() + seconds * 1000);
