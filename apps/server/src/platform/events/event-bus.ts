import { EventEmitter } from 'node:events';
import pg from 'pg';

/**
 * Changes pushed to the pages of an organization (OCR progress): published by whoever makes them (a
 * worker, in this process or another), delivered to every open event stream of that organization.
 */
export interface EventBus<E> {
  publish(organizationId: string, event: E): void;
  /** Calls `listener` with each event of the organization until the returned function is called. */
  subscribe(organizationId: string, listener: (event: E) => void): () => void;
  close(): Promise<void>;
}

const channel = 'invoicing_events';

/** Events within this process: the embedded database has only one. */
export const createLocalEventBus = <E>(): EventBus<E> => {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    publish: (organizationId, event) => void emitter.emit(organizationId, event),
    subscribe: (organizationId, listener) => {
      emitter.on(organizationId, listener);
      return () => void emitter.off(organizationId, listener);
    },
    close: async () => void emitter.removeAllListeners(),
  };
};

/**
 * Events between processes through PostgreSQL's NOTIFY: workers in other processes publish, every API
 * process listens on one connection of its own and hands each event to its streams. An event that cannot
 * be sent is dropped: the pages read the state again when they reconnect.
 */
export const createPostgresEventBus = <E>(url: string, onError: (error: unknown) => void): EventBus<E> => {
  const local = createLocalEventBus<E>();
  const publisher = new pg.Pool({ connectionString: url, max: 1 });
  publisher.on('error', onError);
  let listener: pg.Client | null = null;
  let listening: Promise<void> | null = null;
  let closed = false;
  const listen = () => {
    listening ??= (async () => {
      const client = new pg.Client({ connectionString: url });
      client.on('error', (error) => {
        onError(error);
        // Listen again on a new connection when the next stream subscribes.
        listener = null;
        listening = null;
      });
      client.on('notification', (message) => {
        if (message.channel !== channel || !message.payload) return;
        try {
          const { o, e } = JSON.parse(message.payload) as { o: string; e: E };
          local.publish(o, e);
        } catch (error) {
          onError(error);
        }
      });
      await client.connect();
      await client.query(`listen ${channel}`);
      listener = client;
    })().catch((error: unknown) => {
      onError(error);
      listening = null;
    });
    return listening;
  };
  return {
    publish: (organizationId, event) => {
      if (closed) return;
      publisher
        .query('select pg_notify($1, $2)', [channel, JSON.stringify({ o: organizationId, e: event })])
        .catch(onError);
    },
    subscribe: (organizationId, fn) => {
      void listen();
      return local.subscribe(organizationId, fn);
    },
    close: async () => {
      closed = true;
      await local.close();
      await Promise.allSettled([publisher.end(), listener?.end()]);
    },
  };
};
