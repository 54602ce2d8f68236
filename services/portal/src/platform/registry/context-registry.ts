import { Injectable } from '@nestjs/common';
import type { Projection, Reactor } from '../projection/projection';

/**
 * Where each bounded context registers what the platform runs for it: its projections, its
 * reactors and the names of the jobs it enqueues. A context's Nest module calls it from its
 * constructor, so `app/` only lists modules and `platform/` never imports a context.
 *
 * The lists are live arrays: the projector, the read-your-writes wait and the worker's
 * "every job has a processor" check read them after every module is built.
 */
@Injectable()
export class ContextRegistry {
  readonly projections: Projection[] = [];
  readonly reactors: Reactor[] = [];
  readonly projectionNames: string[] = [];
  readonly jobNames: string[] = [];

  projection(...projections: Projection[]): this {
    for (const projection of projections) {
      this.refuseTwice(this.projectionNames, projection.name, 'projection');
      this.projections.push(projection);
      this.projectionNames.push(projection.name);
    }
    return this;
  }

  reactor(...reactors: Reactor[]): this {
    for (const reactor of reactors) {
      this.refuseTwice(
        this.reactors.map((r) => r.name),
        reactor.name,
        'reactor',
      );
      this.reactors.push(reactor);
    }
    return this;
  }

  job(...names: string[]): this {
    for (const name of names) {
      this.refuseTwice(this.jobNames, name, 'job');
      this.jobNames.push(name);
    }
    return this;
  }

  private refuseTwice(known: readonly string[], name: string, kind: string): void {
    if (known.includes(name)) throw new Error(`The ${kind} ${name} is registered twice`);
  }
}
