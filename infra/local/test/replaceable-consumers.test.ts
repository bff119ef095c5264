import { randomUUID } from 'node:crypto';
import pino from 'pino';
import type { EventEnvelope } from '@campus/contracts/events';
import { createInProcessBus } from '@campus/service-kit/bus/in-process-bus';
import type { EventConsumer } from '@campus/service-kit/bus/event-bus';
import { withReplaceableConsumers } from '../src/supervision/replaceable-consumers';

const logger = pino({ level: 'silent' });

function registration(name: string): EventEnvelope {
  return {
    id: randomUUID(),
    name: 'identity.user.registered',
    occurredAt: new Date().toISOString(),
    producer: 'identity',
    payload: { userId: randomUUID(), name, email: `${name}@campus.test`, isTeacher: false },
  };
}

/** A profile consumer that records which user names it handled. */
function recordingConsumer() {
  const handled: string[] = [];
  const consumer: EventConsumer = {
    queue: 'profile',
    events: ['identity.user.registered'],
    handle: async (envelope) => {
      handled.push((envelope.payload as { name: string }).name);
    },
  };
  return { consumer, handled };
}

function waitFor(check: () => boolean): Promise<void> {
  return new Promise((resolve) => {
    const poll = () => (check() ? resolve() : setTimeout(poll, 5));
    poll();
  });
}

describe('the embedded bus: a service restarted in place takes over its queue', () => {
  it('when profile restarts, then the events published while it was stopped reach its new code, and none reaches the old one', async () => {
    const bus = createInProcessBus({ logger });
    const consumers = withReplaceableConsumers(bus);
    const before = recordingConsumer();
    await consumers.bus.subscribe(before.consumer);
    await consumers.bus.publish(registration('ada'));
    await waitFor(() => before.handled.length === 1);

    consumers.detach('profile');
    await consumers.bus.publish(registration('grace'));
    await consumers.bus.publish(registration('edsger'));
    const after = recordingConsumer();
    await consumers.bus.subscribe(after.consumer);
    await consumers.bus.publish(registration('barbara'));
    await waitFor(() => after.handled.length === 3);

    expect(before.handled).toEqual(['ada']);
    expect(after.handled.sort()).toEqual(['barbara', 'edsger', 'grace']);
    consumers.close();
    await bus.close();
  });

  it('when the platform stops while a restarted service never came back, then its waiting events end and the bus closes', async () => {
    const bus = createInProcessBus({ logger, drainTimeoutMs: 50 });
    const consumers = withReplaceableConsumers(bus);
    await consumers.bus.subscribe(recordingConsumer().consumer);
    consumers.detach('profile');
    await consumers.bus.publish(registration('ada'));
    await waitFor(() => consumers.waitingFor('profile') === 1);

    consumers.close();
    await bus.close();
    expect(bus.isHealthy()).toBe(false);
  });
});
