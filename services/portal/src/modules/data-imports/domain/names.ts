import { dataImportMessages } from '@portal/contracts';
import { headingKey } from './sheet';

/** Things found by name (a person, a project, an owner), compared as headings are: without case or extra spaces. */
export class NameIndex<T> {
  private readonly byName = new Map<string, T[]>();

  constructor(entries: Iterable<readonly [string, T]>) {
    for (const [name, value] of entries) {
      const key = headingKey(name);
      const list = this.byName.get(key);
      if (list) list.push(value);
      else this.byName.set(key, [value]);
    }
  }

  /** The one thing called `name`, or the message why not (none, or several: `what` names the kind). */
  find(name: string, what: string, shown = name): { readonly found: T } | { readonly problem: string } {
    const list = this.byName.get(headingKey(name)) ?? [];
    if (list.length === 1) return { found: list[0]! };
    return {
      problem:
        list.length === 0
          ? dataImportMessages.unknownReference(what, shown)
          : dataImportMessages.ambiguousReference(what, shown),
    };
  }
}
