/**
 * Positions remembered in the invoice lists, so that a deep page does not walk its whole offset again.
 *
 * An anchor says: in this list (an organization and a status filter, newest first), while the list is at
 * this version, the invoice at `offset` is `id`. A page at offset o >= offset then starts at that invoice
 * and skips only o - offset rows of the index. The version is the transaction id that last wrote the
 * organization's row of invoice counts (its `xmin`): every insert, deletion and status change rewrites that
 * row (migration 0007's trigger), so any change that could move a position changes the version. A page
 * read from an anchor reads the version in the same statement and is used only when it matches.
 *
 * One instance per process; it holds ids and offsets only, a few hundred bytes per list.
 */
interface ListAnchor {
  offset: number;
  id: string;
}

interface RememberedList {
  version: string;
  /** Sorted by offset. */
  anchors: ListAnchor[];
}

export class ListPositions {
  private readonly lists = new Map<string, RememberedList>();
  /** Pages read from an anchor whose version still matched. */
  hits = 0;

  constructor(
    private readonly maxLists = 1000,
    private readonly maxAnchorsPerList = 256,
    /** An anchor further than this before the page is not used: walking from an end may be shorter. */
    readonly maxSkip = 2000,
  ) {}

  /** The closest anchor at or before `offset`, with the version it belongs to. */
  nearest(list: string, offset: number): { version: string; anchor: ListAnchor } | null {
    const remembered = this.lists.get(list);
    if (!remembered) return null;
    let best: ListAnchor | null = null;
    for (const a of remembered.anchors) {
      if (a.offset > offset) break;
      best = a;
    }
    if (!best || offset - best.offset > this.maxSkip) return null;
    // Recently used lists stay; the least recently used go first.
    this.lists.delete(list);
    this.lists.set(list, remembered);
    return { version: remembered.version, anchor: best };
  }

  /** Remembers an anchor read at `version`; anchors of an older version are dropped. */
  remember(list: string, version: string, anchor: ListAnchor): void {
    let remembered = this.lists.get(list);
    if (!remembered || remembered.version !== version) {
      remembered = { version, anchors: [] };
    }
    this.lists.delete(list);
    this.lists.set(list, remembered);
    const anchors = remembered.anchors;
    const at = anchors.findIndex((a) => a.offset >= anchor.offset);
    if (at === -1) anchors.push(anchor);
    else if (anchors[at]!.offset === anchor.offset) anchors[at] = anchor;
    else anchors.splice(at, 0, anchor);
    // Past the limit, every other anchor goes: the rest still cover the list, twice as far apart.
    if (anchors.length > this.maxAnchorsPerList) {
      remembered.anchors = anchors.filter((_, i) => i % 2 === 0);
    }
    if (this.lists.size > this.maxLists) {
      const oldest = this.lists.keys().next().value;
      if (oldest !== undefined) this.lists.delete(oldest);
    }
  }

  forget(list: string): void {
    this.lists.delete(list);
  }
}

/** The server's positions. */
export const invoiceListPositions = new ListPositions();
