import { Router } from 'express';
import type { SessionRevocations } from '@campus/contracts/identity';
import type { Sessions } from '../domain/sessions';

/**
 * GET /internal/session-revocations: the sessions ended (logout, a replayed refresh token) whose access
 * tokens could still be alive, for the gateway to refuse (ADR 0007). The gateway polls it every second
 * or so: with the list's version as ETag, an unchanged list is a 304 with no body.
 */
export function sessionRevocationRoutes(sessions: Sessions): Router {
  const router = Router();
  router.get('/session-revocations', async (req, res) => {
    const { version, revocations } = await sessions.activeRevocations();
    const etag = `"${version}"`;
    res.set({ ETag: etag, 'Cache-Control': 'no-cache' });
    if (req.headers['if-none-match'] === etag) {
      res.status(304).end();
      return;
    }
    const body: SessionRevocations = {
      revocations: revocations.map((r) => ({ sessionId: r.sessionId, until: r.until.toISOString() })),
    };
    res.json(body);
  });
  return router;
}
