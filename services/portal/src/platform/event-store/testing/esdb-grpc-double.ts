/*
 * Over 300 lines on purpose: the whole EventStoreDB test double (its in-memory log and the gRPC
 * services the client calls) in one place, read together.
 */
import * as grpc from '@grpc/grpc-js';
import { ServerFeaturesService } from '@eventstore/db-client/generated/serverfeatures_grpc_pb';
import { SupportedMethod, SupportedMethods } from '@eventstore/db-client/generated/serverfeatures_pb';
import * as shared from '@eventstore/db-client/generated/shared_pb';
import { Code } from '@eventstore/db-client/generated/code_pb';
import { Status } from '@eventstore/db-client/generated/status_pb';
import { StreamsService } from '@eventstore/db-client/generated/streams_grpc_pb';
import {
  AppendReq,
  AppendResp,
  BatchAppendReq,
  BatchAppendResp,
  ReadReq,
  ReadResp,
} from '@eventstore/db-client/generated/streams_pb';
import { Any } from 'google-protobuf/google/protobuf/any_pb';
import { Empty } from 'google-protobuf/google/protobuf/empty_pb';

/**
 * A stand-in for a single EventStoreDB node, for tests only (never imported by production code).
 * It speaks the real gRPC protocol, built from the message and service definitions that ship
 * with @eventstore/db-client, so the client and the adapter run unchanged against it. It answers
 * what the adapter calls:
 * - ServerFeatures/GetSupportedMethods (the client asks on connect);
 * - Streams/BatchAppend (what the client uses when the server lists it, as 21.10+ servers do) and
 *   Streams/Append (when it does not: `batchAppend: false`), with expected-revision checks and
 *   the wrong-expected-version answers of both;
 * - Streams/Read of a stream (forwards, backwards, from start, end or a revision; StreamNotFound),
 *   of $all (forwards, backwards, from start, end or a position) and of a subscription to $all
 *   (catch-up strictly after a position, then live; event-type and stream-name filters; checkpoints
 *   and caught-up messages).
 * And, outside the protocol, `tamper()`: an event's data edited where the server keeps it (the
 * hash-chain tests).
 * Not there: gossip (single node only), deletes and tombstones, stream subscriptions, persistent
 * subscriptions, projections, users, links, credentials, TLS, the server's own idempotency check
 * on event ids, and durability: the log lives in this process. It survives `stop()`/`start()`
 * (as a real node's disk does) so reconnecting can be tested.
 *
 * Positions are synthetic: commit = prepare, strictly increasing by the size of each record (so
 * not consecutive numbers), like the byte offsets of a real transaction log.
 */
export interface EsdbGrpcDoubleOptions {
  /** List BatchAppend among the supported methods (default true, as servers 21.10+ do). */
  readonly batchAppend?: boolean;
  /** The server's clock for events' `created`; defaults to the system clock. */
  readonly now?: () => Date;
  /** Put a few system events (`$`-prefixed streams and types) in the log first (default true). */
  readonly systemEvents?: boolean;
}

interface StoredEvent {
  readonly id: string;
  readonly streamName: string;
  readonly revision: bigint;
  readonly type: string;
  readonly contentType: string;
  readonly data: Uint8Array;
  readonly customMetadata: Uint8Array;
  readonly created: bigint;
  readonly position: bigint;
}

interface Proposed {
  readonly id: string;
  readonly type: string;
  readonly contentType: string;
  readonly data: Uint8Array;
  readonly customMetadata: Uint8Array;
}

type Expected =
  { kind: 'any' } | { kind: 'no_stream' } | { kind: 'exists' } | { kind: 'revision'; revision: bigint };

type AppendOutcome =
  | { ok: true; revision: bigint; position: bigint }
  | { ok: false; current: bigint | null; expected: Expected };

type Live = (event: StoredEvent) => void;

const TICKS_PER_MS = 10_000n;
const SERVER_VERSION = '23.10.0';
const DEFAULT_CHECKPOINT_WINDOW = 32;

const utf8 = (bytes: Uint8Array): string => Buffer.from(bytes).toString('utf8');
const bytes = (text: string): Uint8Array => Uint8Array.from(Buffer.from(text, 'utf8'));

function streamIdentifier(name: string): shared.StreamIdentifier {
  const identifier = new shared.StreamIdentifier();
  identifier.setStreamName(bytes(name));
  return identifier;
}

function uuidOf(id: shared.UUID | undefined): string {
  if (!id) throw new Error('A proposed event has no id');
  if (id.hasString()) return id.getString().toLowerCase();
  const structured = id.getStructured() as shared.UUID.Structured;
  const hex = (value: string) => BigInt.asUintN(64, BigInt(value)).toString(16).padStart(16, '0');
  const h = hex(structured.getMostSignificantBits()) + hex(structured.getLeastSignificantBits());
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/** The in-memory log: every event in log order, and each stream's events by revision. */
class Log {
  readonly all: StoredEvent[] = [];
  private readonly streams = new Map<string, StoredEvent[]>();
  private readonly live = new Set<Live>();
  private nextPosition = 0n;

  constructor(private readonly now: () => Date) {}

  stream(name: string): readonly StoredEvent[] | undefined {
    return this.streams.get(name);
  }

  append(streamName: string, expected: Expected, proposed: readonly Proposed[]): AppendOutcome {
    const stream = this.streams.get(streamName);
    const current = stream ? stream[stream.length - 1].revision : null;
    const fits =
      expected.kind === 'any' ||
      (expected.kind === 'no_stream' && current === null) ||
      (expected.kind === 'exists' && current !== null) ||
      (expected.kind === 'revision' && current === expected.revision);
    if (!fits) return { ok: false, current, expected };
    const events = stream ?? [];
    this.streams.set(streamName, events);
    const created = BigInt(this.now().getTime()) * TICKS_PER_MS;
    const written: StoredEvent[] = [];
    for (const p of proposed) {
      const position = this.nextPosition;
      this.nextPosition += BigInt(96 + streamName.length + p.data.length + p.customMetadata.length);
      const event: StoredEvent = {
        ...p,
        streamName,
        revision: BigInt(events.length),
        created,
        position,
      };
      events.push(event);
      this.all.push(event);
      written.push(event);
    }
    for (const event of written) for (const listener of this.live) listener(event);
    const last = written[written.length - 1];
    return { ok: true, revision: last.revision, position: last.position };
  }

  follow(listener: Live): () => void {
    this.live.add(listener);
    return () => this.live.delete(listener);
  }

  endFollowers(): void {
    this.live.clear();
  }

  /** Replaces a stored event's data in place, everything else (metadata included) kept. */
  rewrite(streamName: string, revision: bigint, data: Uint8Array): void {
    const stream = this.streams.get(streamName);
    const old = stream?.[Number(revision)];
    if (!stream || !old) throw new Error(`No event ${revision} in ${streamName}`);
    const edited: StoredEvent = { ...old, data };
    stream[Number(revision)] = edited;
    this.all[this.all.indexOf(old)] = edited;
  }
}

function toReadResp(event: StoredEvent): ReadResp {
  const recorded = new ReadResp.ReadEvent.RecordedEvent();
  const id = new shared.UUID();
  id.setString(event.id);
  recorded.setId(id);
  recorded.setStreamIdentifier(streamIdentifier(event.streamName));
  recorded.setStreamRevision(event.revision.toString());
  recorded.setCommitPosition(event.position.toString());
  recorded.setPreparePosition(event.position.toString());
  recorded.getMetadataMap().set('type', event.type);
  recorded.getMetadataMap().set('content-type', event.contentType);
  recorded.getMetadataMap().set('created', event.created.toString());
  recorded.setCustomMetadata(event.customMetadata);
  recorded.setData(event.data);
  const read = new ReadResp.ReadEvent();
  read.setEvent(recorded);
  read.setCommitPosition(event.position.toString());
  const resp = new ReadResp();
  resp.setEvent(read);
  return resp;
}

/** The subscription filter as the server applies it (event type or stream name; regex or prefixes). */
function filterOf(options: ReadReq.Options): { matches: (e: StoredEvent) => boolean; window: number } {
  if (!options.hasFilter()) return { matches: () => true, window: DEFAULT_CHECKPOINT_WINDOW };
  const filter = options.getFilter() as ReadReq.Options.FilterOptions;
  const onType = filter.hasEventType();
  const expression = (onType ? filter.getEventType() : filter.getStreamIdentifier()) as
    ReadReq.Options.FilterOptions.Expression | undefined;
  const regex = expression?.getRegex() ? new RegExp(expression.getRegex()) : null;
  const prefixes = expression?.getPrefixList() ?? [];
  const window = filter.hasMax() ? filter.getMax() : DEFAULT_CHECKPOINT_WINDOW;
  return {
    matches: (e) => {
      const subject = onType ? e.type : e.streamName;
      if (regex && !regex.test(subject)) return false;
      return prefixes.length === 0 || prefixes.some((p) => subject.startsWith(p));
    },
    window: window * Math.max(1, filter.getCheckpointintervalmultiplier()),
  };
}

function wrongExpectedVersion(outcome: Extract<AppendOutcome, { ok: false }>): AppendResp {
  const wrong = new AppendResp.WrongExpectedVersion();
  if (outcome.current === null) wrong.setCurrentNoStream(new shared.Empty());
  else wrong.setCurrentRevision(outcome.current.toString());
  const expected = outcome.expected;
  if (expected.kind === 'revision') wrong.setExpectedRevision(expected.revision.toString());
  else if (expected.kind === 'no_stream') wrong.setExpectedNoStream(new shared.Empty());
  else if (expected.kind === 'exists') wrong.setExpectedStreamExists(new shared.Empty());
  else wrong.setExpectedAny(new shared.Empty());
  const resp = new AppendResp();
  resp.setWrongExpectedVersion(wrong);
  return resp;
}

/** BatchAppend reports a wrong expected version as a google.rpc.Status carrying the details. */
function batchWrongExpectedVersion(outcome: Extract<AppendOutcome, { ok: false }>): Status {
  const details = new shared.WrongExpectedVersion();
  if (outcome.current === null) details.setCurrentNoStream(new Empty());
  else details.setCurrentStreamRevision(outcome.current.toString());
  const expected = outcome.expected;
  if (expected.kind === 'revision') details.setExpectedStreamPosition(expected.revision.toString());
  else if (expected.kind === 'no_stream') details.setExpectedNoStream(new Empty());
  else if (expected.kind === 'exists') details.setExpectedStreamExists(new Empty());
  else details.setExpectedAny(new Empty());
  const any = new Any();
  any.pack(details.serializeBinary(), 'event_store.client.WrongExpectedVersion');
  const status = new Status();
  status.setCode(Code.FAILED_PRECONDITION);
  status.setMessage('Wrong expected version');
  status.setDetails(any);
  return status;
}

/** The expected revision an Append or BatchAppend request states (neither set: any). */
function expectedOf(revision: string | null, noStream: boolean, exists: boolean): Expected {
  if (revision !== null) return { kind: 'revision', revision: BigInt(revision) };
  if (noStream) return { kind: 'no_stream' };
  return exists ? { kind: 'exists' } : { kind: 'any' };
}

function proposedOf(message: AppendReq.ProposedMessage | BatchAppendReq.ProposedMessage): Proposed {
  const metadata = message.getMetadataMap();
  return {
    id: uuidOf(message.getId()),
    type: metadata.get('type') ?? '',
    contentType: metadata.get('content-type') ?? 'application/octet-stream',
    data: message.getData_asU8(),
    customMetadata: message.getCustomMetadata_asU8(),
  };
}

/** Ends a server-streaming call with a gRPC status, as the server does for a refused request. */
function fail(call: grpc.ServerWritableStream<ReadReq, ReadResp>, code: grpc.status, details: string): void {
  call.emit('error', { code, details });
}

export class EsdbGrpcDouble {
  private readonly log: Log;
  private server: grpc.Server | null = null;
  private boundPort = 0;
  /** How many calls of each gRPC method the double answered, e.g. `Streams/BatchAppend`. */
  readonly calls = new Map<string, number>();

  private constructor(private readonly options: EsdbGrpcDoubleOptions) {
    this.log = new Log(options.now ?? (() => new Date()));
    if (options.systemEvents ?? true) {
      const system = (type: string): Proposed => ({
        id: globalThis.crypto.randomUUID(),
        type,
        contentType: 'application/json',
        data: bytes('{}'),
        customMetadata: new Uint8Array(),
      });
      this.log.append('$settings', { kind: 'any' }, [system('$settings')]);
      this.log.append('$scavenges', { kind: 'any' }, [system('$scavengeStarted')]);
    }
  }

  /** Starts a double on a free port of 127.0.0.1. */
  static async start(options: EsdbGrpcDoubleOptions = {}): Promise<EsdbGrpcDouble> {
    const double = new EsdbGrpcDouble(options);
    await double.start();
    return double;
  }

  /** A single-node, insecure connection string (no gossip discovery). */
  get connectionString(): string {
    return `esdb://127.0.0.1:${this.boundPort}?tls=false`;
  }

  /** Events in the log, system ones included (for assertions on what the server holds). */
  get eventCount(): number {
    return this.log.all.length;
  }

  /**
   * Edits an event's JSON data where the server keeps it, bypassing every check (its metadata, so
   * its hash, stays): what someone with access to a node's files could do. Tests of the hash chain
   * only.
   */
  tamper(streamName: string, revision: bigint, data: unknown): void {
    this.log.rewrite(streamName, revision, bytes(JSON.stringify(data)));
  }

  /** (Re)starts serving, on the port it had before if it ran already. */
  async start(): Promise<void> {
    if (this.server) return;
    const server = new grpc.Server();
    server.addService(ServerFeaturesService, {
      getSupportedMethods: (
        _call: grpc.ServerUnaryCall<unknown, SupportedMethods>,
        callback: grpc.sendUnaryData<SupportedMethods>,
      ) => callback(null, this.supportedMethods()),
    });
    server.addService(StreamsService, {
      read: (call: grpc.ServerWritableStream<ReadReq, ReadResp>) => this.read(call),
      append: (
        call: grpc.ServerReadableStream<AppendReq, AppendResp>,
        callback: grpc.sendUnaryData<AppendResp>,
      ) => this.append(call, callback),
      batchAppend: (call: grpc.ServerDuplexStream<BatchAppendReq, BatchAppendResp>) => this.batchAppend(call),
    });
    this.boundPort = await new Promise<number>((resolve, reject) =>
      server.bindAsync(
        `127.0.0.1:${this.boundPort}`,
        grpc.ServerCredentials.createInsecure(),
        (error, port) => (error ? reject(error) : resolve(port)),
      ),
    );
    this.server = server;
  }

  /** Drops every connection and live call at once, as a crashed or restarted node does. */
  async stop(): Promise<void> {
    const server = this.server;
    this.server = null;
    this.log.endFollowers();
    server?.forceShutdown();
  }

  private count(method: string): void {
    this.calls.set(method, (this.calls.get(method) ?? 0) + 1);
  }

  private supportedMethods(): SupportedMethods {
    this.count('ServerFeatures/GetSupportedMethods');
    const method = (service: string, name: string) => {
      const m = new SupportedMethod();
      m.setServiceName(service);
      m.setMethodName(name);
      return m;
    };
    const streams = 'event_store.client.streams.Streams';
    const methods = [
      method('event_store.client.server_features.ServerFeatures', 'GetSupportedMethods'),
      method(streams, 'Read'),
      method(streams, 'Append'),
    ];
    if (this.options.batchAppend ?? true) methods.push(method(streams, 'BatchAppend'));
    const supported = new SupportedMethods();
    supported.setMethodsList(methods);
    supported.setEventStoreServerVersion(SERVER_VERSION);
    return supported;
  }

  private read(call: grpc.ServerWritableStream<ReadReq, ReadResp>): void {
    this.count('Streams/Read');
    const options = call.request.getOptions();
    if (!options) return fail(call, grpc.status.INVALID_ARGUMENT, 'Read without options');
    if (options.hasAll() && options.hasSubscription()) return this.subscribeToAll(call, options);
    if (options.hasSubscription()) {
      return fail(call, grpc.status.UNIMPLEMENTED, 'Stream subscriptions are not in the double');
    }
    const backwards = options.getReadDirection() === ReadReq.Options.ReadDirection.BACKWARDS;
    const count = BigInt(options.getCount() || '0');
    let events: StoredEvent[];
    if (options.hasStream()) {
      const streamOptions = options.getStream() as ReadReq.Options.StreamOptions;
      const name = utf8(streamOptions.getStreamIdentifier()?.getStreamName_asU8() ?? new Uint8Array());
      const stream = this.log.stream(name);
      if (!stream) {
        const notFound = new ReadResp.StreamNotFound();
        notFound.setStreamIdentifier(streamIdentifier(name));
        const resp = new ReadResp();
        resp.setStreamNotFound(notFound);
        call.write(resp);
        call.end();
        return;
      }
      if (streamOptions.hasStart()) events = backwards ? [] : [...stream];
      else if (streamOptions.hasEnd()) events = backwards ? [...stream].reverse() : [];
      else {
        const from = BigInt(streamOptions.getRevision());
        events = backwards
          ? stream.filter((e) => e.revision <= from).reverse()
          : stream.filter((e) => e.revision >= from);
      }
    } else {
      const allOptions = options.getAll() as ReadReq.Options.AllOptions;
      const all = this.log.all;
      if (allOptions.hasStart()) events = backwards ? [] : [...all];
      else if (allOptions.hasEnd()) events = backwards ? [...all].reverse() : [];
      else {
        // Forwards from a position includes the event at it; backwards reads what lies before it.
        const from = BigInt((allOptions.getPosition() as ReadReq.Options.Position).getCommitPosition());
        events = backwards
          ? all.filter((e) => e.position < from).reverse()
          : all.filter((e) => e.position >= from);
      }
    }
    for (const event of events.slice(0, Number(count))) call.write(toReadResp(event));
    call.end();
  }

  private subscribeToAll(call: grpc.ServerWritableStream<ReadReq, ReadResp>, options: ReadReq.Options): void {
    const allOptions = options.getAll() as ReadReq.Options.AllOptions;
    const { matches, window } = filterOf(options);
    const confirmation = new ReadResp.SubscriptionConfirmation();
    confirmation.setSubscriptionId(globalThis.crypto.randomUUID());
    const confirmed = new ReadResp();
    confirmed.setConfirmation(confirmation);
    call.write(confirmed);

    let scanned = 0;
    const deliver = (event: StoredEvent) => {
      if (matches(event)) call.write(toReadResp(event));
      else if (++scanned >= window) {
        scanned = 0;
        const checkpoint = new ReadResp.Checkpoint();
        checkpoint.setCommitPosition(event.position.toString());
        checkpoint.setPreparePosition(event.position.toString());
        const resp = new ReadResp();
        resp.setCheckpoint(checkpoint);
        call.write(resp);
      }
    };
    // Catch-up and going live happen in one turn of the event loop: nothing is missed or repeated.
    if (!allOptions.hasEnd()) {
      const after = allOptions.hasPosition()
        ? BigInt((allOptions.getPosition() as ReadReq.Options.Position).getCommitPosition())
        : -1n;
      for (const event of this.log.all) if (event.position > after) deliver(event);
    }
    const caughtUp = new ReadResp();
    caughtUp.setCaughtUp(new ReadResp.CaughtUp());
    call.write(caughtUp);
    const unfollow = this.log.follow(deliver);
    call.on('cancelled', unfollow);
    call.on('close', unfollow);
  }

  private append(
    call: grpc.ServerReadableStream<AppendReq, AppendResp>,
    callback: grpc.sendUnaryData<AppendResp>,
  ) {
    this.count('Streams/Append');
    let header: AppendReq.Options | undefined;
    const proposed: Proposed[] = [];
    call.on('data', (req: AppendReq) => {
      if (req.hasOptions()) header = req.getOptions();
      else if (req.hasProposedMessage())
        proposed.push(proposedOf(req.getProposedMessage() as AppendReq.ProposedMessage));
    });
    call.on('end', () => {
      if (!header) return callback({ code: grpc.status.INVALID_ARGUMENT, details: 'Append without options' });
      const expected = expectedOf(
        header.hasRevision() ? header.getRevision() : null,
        header.hasNoStream(),
        header.hasStreamExists(),
      );
      const name = utf8(header.getStreamIdentifier()?.getStreamName_asU8() ?? new Uint8Array());
      const outcome = this.log.append(name, expected, proposed);
      if (!outcome.ok) return callback(null, wrongExpectedVersion(outcome));
      const success = new AppendResp.Success();
      success.setCurrentRevision(outcome.revision.toString());
      const position = new AppendResp.Position();
      position.setCommitPosition(outcome.position.toString());
      position.setPreparePosition(outcome.position.toString());
      success.setPosition(position);
      const resp = new AppendResp();
      resp.setSuccess(success);
      callback(null, resp);
    });
  }

  private batchAppend(call: grpc.ServerDuplexStream<BatchAppendReq, BatchAppendResp>): void {
    this.count('Streams/BatchAppend');
    const pending = new Map<string, { options: BatchAppendReq.Options; proposed: Proposed[] }>();
    call.on('data', (req: BatchAppendReq) => {
      const correlation = uuidOf(req.getCorrelationId());
      const batch = pending.get(correlation) ?? {
        options: req.getOptions() as BatchAppendReq.Options,
        proposed: [],
      };
      pending.set(correlation, batch);
      batch.proposed.push(...req.getProposedMessagesList().map(proposedOf));
      if (!req.getIsFinal()) return;
      pending.delete(correlation);
      const options = batch.options;
      const expected = expectedOf(
        options.hasStreamPosition() ? options.getStreamPosition() : null,
        options.hasNoStream(),
        options.hasStreamExists(),
      );
      const identifier = options.getStreamIdentifier() as shared.StreamIdentifier;
      const outcome = this.log.append(utf8(identifier.getStreamName_asU8()), expected, batch.proposed);
      const resp = new BatchAppendResp();
      resp.setCorrelationId(req.getCorrelationId());
      resp.setStreamIdentifier(identifier);
      if (outcome.ok) {
        const success = new BatchAppendResp.Success();
        success.setCurrentRevision(outcome.revision.toString());
        const position = new shared.AllStreamPosition();
        position.setCommitPosition(outcome.position.toString());
        position.setPreparePosition(outcome.position.toString());
        success.setPosition(position);
        resp.setSuccess(success);
      } else {
        resp.setError(batchWrongExpectedVersion(outcome));
      }
      call.write(resp);
    });
    call.on('end', () => call.end());
  }
}
