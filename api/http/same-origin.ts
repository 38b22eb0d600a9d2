import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isApiRoute } from './api-route.ts';
import { HttpError } from './errors.ts';

/** The one endpoint whose body is a picture, not JSON. */
const PICTURE_UPLOAD_URL = '/api/artists/me/portfolio';
/**
 * The USSD gateway's callback: a form post that carries no cookie and acts for no browser
 * session, so a cross-site form gains nothing from it; its secret path is its guard.
 */
const USSD_CALLBACK_URL = '/api/ussd/:token';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * CSRF defence for the cookie session: a state-changing API request must carry JSON (a
 * cross-site form cannot send application/json without a preflight) and come from this origin
 * (Sec-Fetch-Site, or Origin where a browser doesn't send it). Clients that send neither header,
 * like curl, are not browsers and carry no victim's cookie by accident.
 */
export function registerSameOriginGuard(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    if (!STATE_CHANGING.has(request.method) || !isApiRoute(request)) return;
    if (request.routeOptions.url === USSD_CALLBACK_URL) return;

    const fetchSite = request.headers['sec-fetch-site'];
    if (fetchSite !== undefined) {
      if (fetchSite !== 'same-origin' && fetchSite !== 'none') throw crossSite();
    } else if (request.headers.origin !== undefined) {
      const origin = request.headers.origin;
      const host = request.headers.host;
      if (!host || (origin !== `http://${host}` && origin !== `https://${host}`)) throw crossSite();
    }

    const hasBody =
      Number(request.headers['content-length'] ?? 0) > 0 ||
      request.headers['transfer-encoding'] !== undefined;
    const contentType = request.headers['content-type'] ?? '';
    const isPictureUpload =
      request.routeOptions.url === PICTURE_UPLOAD_URL && /^image\//i.test(contentType);
    if (hasBody && !isPictureUpload && !/^application\/json\s*(;|$)/i.test(contentType)) {
      throw new HttpError(415, 'Send the request body as JSON');
    }
  });
}

/**
 * A navigation made on this site or typed by the user (Sec-Fetch-Site same-origin or none). A
 * browser that sends no Sec-Fetch-Site must show a Referer from this host instead: a link on
 * another site either names that site or, with no-referrer, nothing.
 */
export function isOwnNavigation(request: FastifyRequest): boolean {
  const fetchSite = request.headers['sec-fetch-site'];
  if (fetchSite !== undefined) return fetchSite === 'same-origin' || fetchSite === 'none';
  const referer = request.headers.referer;
  if (!referer || !URL.canParse(referer)) return false;
  return new URL(referer).host === request.headers.host;
}

const crossSite = () => new HttpError(403, 'Cross-site requests are not allowed');
