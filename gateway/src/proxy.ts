import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { SocketConstructorOpts } from 'node:net';
import type { Request, RequestHandler } from 'express';
import { createProxyMiddleware, proxyEventsPlugin } from 'http-proxy-middleware';
import type { Logger } from 'pino';
import { sendJsonError } from './json-error';
import { resolveRoute } from './route-table';
import { UpstreamAdmission, type AdmissionLimits, type ShedReason } from './upstream-admission';

/** What the proxy keeps on a request between its admission and the upstream's answer. */
type ForwardedRequest = IncomingMessage & {
  upstreamTimedOut?: boolean;
  upstreamRequest?: http.ClientRequest;
  upstreamDeadline?: NodeJS.Timeout;
};

/** Seconds a shed client is told to wait before trying again. */
export const OVERLOADED_RETRY_AFTER_SECONDS = 2;

/**
 * Forwards /api/* to the owning service, path unchanged, over kept-alive connections. A service that
 * is down, broken or slow becomes a JSON 503/502/504 within the route's timeout, never a hang.
 *
 * Each service has an admission gate (ADR 0087): `maxInFlight` forwarded at once, `maxQueued`
 * waiting at most `queueTimeoutMs` (and never past the route's deadline, which counts from arrival),
 * and beyond that a JSON 503 OVERLOADED with Retry-After, answered at once. The socket pool is
 * larger than the gate, so a request never waits in it: the pool's queue has no deadline, and a
 * request it held could have its headers flushed before http-proxy announces it.
 *
 * An event stream (a route marked `stream`) lives for minutes: it would hold a slot of that gate
 * (and a socket of that pool) for all of it, and a few hundred open streams would starve every
 * short request. Streams have their own count (`maxStreams` open per service, none queued: beyond
 * it a 503 at once) and their own socket pool; they have the route's time to begin and none after,
 * and pass through unbuffered (the compression in front of the proxy leaves them alone).
 */
export function createApiProxy(options: {
  upstreams: ReadonlyMap<string, string>;
  defaultTimeoutMs: number;
  /** The origin users see (PUBLIC_ORIGIN): its scheme and host are what the services are told. */
  publicOrigin?: string;
  admission: AdmissionLimits & { queueTimeoutMs: number };
  /** Event streams open to one service at once (UPSTREAM_MAX_STREAMS). */
  maxStreams: number;
  logger: Logger;
}): { handler: RequestHandler; close(): void } {
  const publicUrl = options.publicOrigin ? new URL(options.publicOrigin) : undefined;
  const { logger } = options;
  // One pool and one gate per service: a burst on one service leaves the others their sockets.
  // Reusing upstream sockets is most of a proxy's speed.
  const agents = new Map<string, http.Agent>();
  const gates = new Map<string, UpstreamAdmission>();
  const proxies = new Map<string, RequestHandler>();
  const streamAgents = new Map<string, http.Agent>();
  const streamGates = new Map<string, UpstreamAdmission>();

  const agentFor = (service: string, stream: boolean) => {
    if (stream) {
      let agent = streamAgents.get(service);
      if (!agent) {
        // One socket per open stream, bounded by the stream count (the gate), never queued here.
        const agentOptions: http.AgentOptions & Pick<SocketConstructorOpts, 'noDelay'> = {
          keepAlive: false,
          maxSockets: Infinity,
          noDelay: true,
        };
        agent = new http.Agent(agentOptions);
        streamAgents.set(service, agent);
      }
      return agent;
    }
    let agent = agents.get(service);
    if (!agent) {
      // Socket options pass through to each connection (Node's Agent); the types list only the Agent's own.
      const agentOptions: http.AgentOptions & Pick<SocketConstructorOpts, 'noDelay'> = {
        keepAlive: true,
        keepAliveMsecs: 10_000,
        // Twice the gate: a socket being torn down (client gone) still counts here for a moment.
        maxSockets: options.admission.maxInFlight * 2,
        maxFreeSockets: Math.min(64, options.admission.maxInFlight),
        noDelay: true,
      };
      agent = new http.Agent(agentOptions);
      agents.set(service, agent);
    }
    return agent;
  };

  const gateFor = (service: string, stream = false) => {
    const all = stream ? streamGates : gates;
    let gate = all.get(service);
    if (!gate) {
      gate = new UpstreamAdmission(
        stream ? { maxInFlight: options.maxStreams, maxQueued: 0 } : options.admission,
      );
      all.set(service, gate);
    }
    return gate;
  };

  const proxyFor = (service: string, target: string, timeoutMs: number, stream: boolean): RequestHandler => {
    const key = `${service}|${timeoutMs}|${stream ? 'stream' : 'answer'}`;
    let proxy = proxies.get(key);
    if (!proxy) {
      proxy = createProxyMiddleware<IncomingMessage, ServerResponse>({
        target,
        agent: agentFor(service, stream),
        // X-Forwarded-* are set on the request before it gets here (forwardedHeaders), never appended.
        xfwd: false,
        // Only the plugin that wires `on`: errors get our JSON answers, logs go through the access log.
        ejectPlugins: true,
        plugins: [proxyEventsPlugin],
        on: {
          // Announced when the request has a socket, which may be after its headers were flushed:
          // nothing here may touch the headers. Only the deadline needs the upstream request.
          proxyReq: (proxyReq, req: ForwardedRequest) => {
            req.upstreamRequest = proxyReq;
            if (req.upstreamTimedOut) return void proxyReq.destroy();
            proxyReq.once('response', () => {
              clearTimeout(req.upstreamDeadline);
              // Once the answer has begun, a service silent for the route's timeout has its answer cut.
              // Not a stream: it is quiet between events by nature (its heartbeats are the service's).
              if (!stream) proxyReq.setTimeout(timeoutMs, () => proxyReq.destroy());
            });
          },
          // An answer the service cut (it died, or stalled and was cut) is cut for the client too:
          // piping stops at the break and would leave the client waiting for the rest.
          proxyRes: (proxyRes, _req, res) => {
            proxyRes.once('close', () => {
              if (!proxyRes.complete) res.destroy();
            });
          },
          error: (err, req: ForwardedRequest, res) => {
            const code = (err as NodeJS.ErrnoException).code;
            logger.warn({ service, code, url: req.url, timedOut: req.upstreamTimedOut }, 'upstream failed');
            if (!(res instanceof http.ServerResponse)) return;
            if (req.upstreamTimedOut)
              return sendJsonError(
                res,
                504,
                'GATEWAY_TIMEOUT',
                'The service took too long to answer. Please try again.',
              );
            if (code === 'ECONNREFUSED' || code === 'ENOTFOUND' || code === 'EHOSTUNREACH')
              return sendJsonError(
                res,
                503,
                'SERVICE_UNAVAILABLE',
                'This part of Campus Connect is temporarily unavailable. Please try again shortly.',
              );
            sendJsonError(res, 502, 'BAD_GATEWAY', 'The service failed to answer. Please try again.');
          },
        },
      }) as unknown as RequestHandler;
      proxies.set(key, proxy);
    }
    return proxy;
  };

  /**
   * X-Forwarded-* set on the incoming request itself, which http-proxy copies when it builds the
   * upstream request: the client's address as `trust proxy` resolved it (req.ip), and the public
   * scheme and host. Read before they are overwritten (req.ip and req.protocol read these headers).
   */
  const setForwardedHeaders = (req: Request) => {
    const address = req.ip ?? req.socket.remoteAddress ?? '';
    const proto = publicUrl?.protocol.slice(0, -1) ?? req.protocol ?? 'http';
    const host = publicUrl?.host ?? req.headers.host ?? '';
    req.headers['x-forwarded-for'] = address;
    req.headers['x-forwarded-proto'] = proto;
    req.headers['x-forwarded-host'] = host;
  };

  // One warning when a service starts shedding, then one a second with the count while it goes on:
  // an overload is no time to write 2,000 log lines.
  const shedding = new Map<string, { count: number; reasons: Set<ShedReason> }>();
  const logShed = (service: string, reason: ShedReason) => {
    const pending = shedding.get(service);
    if (pending) {
      pending.count++;
      pending.reasons.add(reason);
      return;
    }
    logger.warn({ service, shed: 1, reasons: [reason], ...gateFor(service).load }, 'requests shed');
    const window = { count: 0, reasons: new Set<ShedReason>() };
    shedding.set(service, window);
    const flush = () => {
      if (!window.count) return void shedding.delete(service);
      logger.warn(
        { service, shed: window.count, reasons: [...window.reasons], ...gateFor(service).load },
        'requests shed',
      );
      window.count = 0;
      window.reasons.clear();
      setTimeout(flush, 1_000).unref();
    };
    setTimeout(flush, 1_000).unref();
  };

  const shed = (res: ServerResponse, service: string, reason: ShedReason) => {
    logShed(service, reason);
    if (!res.headersSent) res.setHeader('Retry-After', String(OVERLOADED_RETRY_AFTER_SECONDS));
    sendJsonError(
      res,
      503,
      'OVERLOADED',
      'Campus Connect is very busy right now. Please try again in a moment.',
    );
  };

  const handler: RequestHandler = (req, res, next) => {
    const route = resolveRoute(req.path);
    if (!route) return sendJsonError(res, 404, 'NOT_FOUND', `No API at ${req.path}.`);
    const target = options.upstreams.get(route.service);
    if (!target)
      return sendJsonError(
        res,
        503,
        'SERVICE_UNAVAILABLE',
        'This part of Campus Connect is not available yet.',
      );
    // A client that left while an earlier step waited (a session renewal) has already had its 'close':
    // a slot taken now would never be given back (found in review: four aborted renewals closed a
    // service for good).
    if (req.socket.destroyed || res.writableEnded) return;
    const { service } = route;
    const stream = route.stream === true;
    const timeoutMs = route.timeoutMs ?? options.defaultTimeoutMs;
    setForwardedHeaders(req);
    const forwarded = req as Request & ForwardedRequest;
    let release: (() => void) | undefined;
    // Whatever ends the exchange (answer sent, client gone) frees the slot, the deadline, the queue place.
    const cancelWait = gateFor(service, stream).enter(
      Math.min(options.admission.queueTimeoutMs, timeoutMs),
      (releaseSlot, waitedMs) => {
        release = releaseSlot;
        // The deadline for the answer to begin counts from arrival: time spent waiting is part of it.
        // A deadline, not an idle timer: a service trickling bytes still times out.
        forwarded.upstreamDeadline = setTimeout(
          () => {
            forwarded.upstreamTimedOut = true;
            if (forwarded.upstreamRequest) forwarded.upstreamRequest.destroy();
            else
              sendJsonError(
                res,
                504,
                'GATEWAY_TIMEOUT',
                'The service took too long to answer. Please try again.',
              );
          },
          Math.max(1, timeoutMs - waitedMs),
        );
        // req.url is the full public path (the API router is not mounted at a prefix): forwarded unchanged.
        proxyFor(service, target, timeoutMs, stream)(req, res, next);
      },
      (reason) => shed(res, service, reason),
    );
    // An answer complete before the request's body was read (the service refused it early: a quota,
    // a size) leaves the rest of the body unread on the client's connection, which the client then
    // reuses for its next request and finds dead. The rest is read and dropped (capped by the
    // route's body limit), as Node does for a request nobody reads.
    res.once('finish', () => {
      if (req.complete) return;
      req.unpipe();
      req.resume();
    });
    res.once('close', () => {
      cancelWait();
      clearTimeout(forwarded.upstreamDeadline);
      // The client left before its answer was complete: the service's work is no longer wanted.
      if (!res.writableFinished) forwarded.upstreamRequest?.destroy();
      release?.();
    });
  };

  return {
    handler,
    close: () => {
      for (const agent of [...agents.values(), ...streamAgents.values()]) agent.destroy();
    },
  };
}
