/**
 * Everything that exists only for development and tests: the demo seed, the dev message
 * transport and its outbox, the dev payments provider (the Paystack simulator with its handset
 * links) and the test clock. Production code reaches it only through the one switch in app.ts
 * (`devToolsFor`), which a production start never opens: tests/production-start.test.ts proves
 * that no module of this folder is loaded there.
 */
export { demoPhonesSparedSignInCaps } from './demo-sign-in.ts';
export { startDevProvider } from './dev-provider.ts';
export { createDevTransport } from './dev-transport.ts';
export { devRoutes } from './routes.ts';
export { demoPhonesIn, seedDemoData } from './seed/seed.ts';
export { adjustableClock } from './test-clock.ts';
