// Drivers for Playwright's own recorder, shared by the fixture recording scripts
// (scripts/record-fixtures.mjs, scripts/record-bank-fixtures.mjs). Both expose the same small
// interface to a scenario:
//   startInput(before, meta)  an input is about to happen; actions that appear now belong to it
//   sync()                    pick up whatever the recorder emitted since (after the settle wait)
//   steps                     [{ code, before, meta }] in recorder order
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

export class Recorder149 {
  // The injected 1.49 recorder swallows the real click, holds it 200 ms (double-click detection)
  // and then re-performs it from the server; the output file is flushed 250 ms after a change.
  settleMs = 1000;
  gen = '1.49';

  /** @param tmp where the recorder's output file is written */
  constructor(tmp) {
    this.tmp = tmp;
    this.steps = [];
    this.current = null;
  }

  async start(context, name) {
    this.outputFile = path.join(this.tmp, `${name}.jsonl`);
    await context._enableRecorder({ language: 'jsonl', mode: 'recording', outputFile: this.outputFile });
  }

  startInput(before, meta) {
    this.current = { before, meta };
  }

  fileText() {
    return fs.existsSync(this.outputFile) ? fs.readFileSync(this.outputFile, 'utf8') : '';
  }

  sync() {
    // Line 1 is the header (LanguageGeneratorOptions); every other line is one merged action.
    const lines = this.fileText().split('\n').filter(Boolean).slice(1);
    if (lines.length < this.steps.length)
      throw new Error(`1.49 recorder dropped actions (${this.steps.length} -> ${lines.length}); pairing would be wrong`);
    // A line that already existed may have been rewritten in place (a fill that grew, a signal
    // that attached late): keep the before-state of the input that first produced it.
    lines.forEach((code, i) => {
      if (i < this.steps.length) this.steps[i].code = code;
      else this.steps.push({ code, ...this.current });
    });
  }

  async stop() {
    await sleep(this.settleMs);
    this.sync();
  }
}

export class Recorder165 {
  // The 1.65 recorder lets the page see the real events; it buffers clicks/fills/navigations
  // ~500 ms (recorderSignalProcessor) so they can be superseded, hence the settle time.
  settleMs = 800;
  gen = '1.65';

  constructor() {
    this.steps = [];
    this.current = null;
    this.guids = new Map();
  }

  async start(context) {
    // What the hooks receive (checked in node_modules/playwright-core, ProgrammaticRecorderApp):
    //   actionAdded(page, action, code)   `code` = the JSONL line (jsonl generator output)
    //   actionUpdated(page, action, code) same action merged (a fill growing by one keystroke)
    //   signalAdded(page, signal, code)   `code` = the last action's line regenerated with the
    //                                     signal appended ('' if the signal is on another page)
    // Actions whose page is already closed are dropped before they reach the sink
    // (findPageByGuid fails), so closePage and a click that closes its own page never arrive.
    await context._startRecording(
      { language: 'jsonl' },
      {
        actionAdded: (_page, _action, code) => this.steps.push({ code, ...this.current }),
        actionUpdated: (_page, _action, code) => {
          if (this.steps.length) this.steps[this.steps.length - 1].code = code;
          else this.steps.push({ code, ...this.current });
        },
        signalAdded: (_page, _signal, code) => {
          if (code && this.steps.length) this.steps[this.steps.length - 1].code = code;
        },
      },
    );
    this.context = context;
  }

  startInput(before, meta) {
    this.current = { before, meta };
  }

  sync() {}

  async stop() {
    await sleep(this.settleMs);
    await this.context._stopRecording().catch(() => {});
  }

  // pageGuid values are random per run ("page@" + 32 hex). To keep the committed fixtures
  // byte-identical across runs we replace each one, consistently within an episode, by a
  // stable id of the same shape derived from the episode id and first-seen order.
  stabilize(episodeId) {
    for (const step of this.steps) {
      step.code = step.code.replace(/page@[0-9a-f]{32}/g, (guid) => {
        if (!this.guids.has(guid)) {
          const n = this.guids.size + 1;
          this.guids.set(guid, 'page@' + crypto.createHash('sha256').update(`${episodeId}#${n}`).digest('hex').slice(0, 32));
        }
        return this.guids.get(guid);
      });
    }
  }
}

export class Recorder155 extends Recorder165 {
  // 1.55 has no _startRecording: `_enableRecorder` with recorderMode 'api' sends the same
  // actionAdded/actionUpdated/signalAdded events to a sink (ProgrammaticRecorderApp), but only
  // when PW_CODEGEN_NO_INSPECTOR is unset (it returns before starting the recorder otherwise).
  gen = '1.55';

  async start(context) {
    const saved = process.env.PW_CODEGEN_NO_INSPECTOR;
    delete process.env.PW_CODEGEN_NO_INSPECTOR;
    try {
      await context._enableRecorder(
        { language: 'jsonl', mode: 'recording', recorderMode: 'api' },
        {
          actionAdded: (_page, _action, code) => this.steps.push({ code, ...this.current }),
          actionUpdated: (_page, _action, code) => {
            if (this.steps.length) this.steps[this.steps.length - 1].code = code;
            else this.steps.push({ code, ...this.current });
          },
          // 1.55 sends signals without code, and in this driver none arrived before the settle
          // wait ended: its lines have no signals (the overlay fixture's download is not asserted).
          signalAdded: () => {},
        },
      );
    } finally {
      if (saved !== undefined) process.env.PW_CODEGEN_NO_INSPECTOR = saved;
    }
    this.context = context;
  }

  async stop() {
    await sleep(this.settleMs);
    await this.context._disableRecorder().catch(() => {});
  }
}
