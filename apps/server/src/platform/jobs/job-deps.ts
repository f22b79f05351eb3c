import type { OcrEvent } from '@invoicing/contract';
import type { recognizeInvoice } from '@invoicing/ocr';
import type { EventBus } from '../events/event-bus';
import type { FileStore } from '../storage/file-store';
import type { HeavyWork } from '../work/heavy-work';

/** The OCR engine, as jobs call it (tests hand in a fake). */
export interface OcrEngine {
  recognize: typeof recognizeInvoice;
}

/** What the product's jobs are given to work with. */
export interface JobDeps {
  files: FileStore;
  heavyWork: HeavyWork;
  events: EventBus<OcrEvent>;
  ocr: OcrEngine;
}
