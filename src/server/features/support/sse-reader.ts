// Test helper: reads a server-sent events response block by block.
export type SseEvent = { id?: string; event: string; data: string };

export function sseReader(res: Response) {
  if (!res.body) throw new Error('no body');
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  // Everything received, comments included.
  let raw = '';
  const events: SseEvent[] = [];
  const waiters = new Set<() => void>();
  let closed = false;
  void (async () => {
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        const text = decoder.decode(value, { stream: true });
        raw += text;
        buffer += text;
        let cut: number;
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          const ev: SseEvent = { event: 'message', data: '' };
          const data: string[] = [];
          for (const line of block.split('\n')) {
            if (line.startsWith('id: ')) ev.id = line.slice(4);
            else if (line.startsWith('event: ')) ev.event = line.slice(7);
            else if (line.startsWith('data: ')) data.push(line.slice(6));
          }
          if (!data.length) continue; // comments and retry-only blocks dispatch nothing
          ev.data = data.join('\n');
          events.push(ev);
        }
        for (const w of [...waiters]) w();
      }
    } catch {
      // cancelled
    } finally {
      closed = true;
      for (const w of [...waiters]) w();
    }
  })();

  /** Waits until `n` events matching `pred` have arrived (rejects after `timeoutMs`). */
  async function waitFor(pred: (e: SseEvent) => boolean, n = 1, timeoutMs = 3000): Promise<SseEvent[]> {
    const start = Date.now();
    for (;;) {
      const hits = events.filter(pred);
      if (hits.length >= n) return hits;
      if (closed) throw new Error(`stream closed with ${hits.length}/${n} events`);
      const left = timeoutMs - (Date.now() - start);
      if (left <= 0) throw new Error(`timed out with ${hits.length}/${n} events: ${JSON.stringify(events.slice(-5))}`);
      await new Promise<void>((resolve) => {
        const t = setTimeout(done, left);
        function done() {
          clearTimeout(t);
          waiters.delete(done);
          resolve();
        }
        waiters.add(done);
      });
    }
  }
  const messages = () =>
    events
      .filter((e) => e.event === 'message')
      .map((e) => JSON.parse(e.data) as { id: number; body: string; clientId: string });
  return {
    events,
    messages,
    waitFor,
    get closed() {
      return closed;
    },
    get raw() {
      return raw;
    },
    close: () => reader.cancel().catch(() => undefined),
  };
}
