import assert from 'node:assert/strict';
import { CrossFrameDrags, type DragHalf } from '../../src/flows/cross-frame-drag';
import type { RecordedEvent } from '../../src/core/page/recorded-event';

const half = (kind: RecordedEvent['kind'], extra: Partial<RecordedEvent> = {}): DragHalf => ({
  event: { kind, mark: '', fingerprint: { role: 'generic', name: kind }, selectors: [], ...extra },
  selectors: [`css=#${kind}`], described: `element "${kind}"`,
});

/** Issue 40: the two halves of a drag from one frame into another, joined by the engine. */
describe('a drag from one frame into another, joined from its halves', () => {
  it('keeps of the drop\'s effect only text that appeared, which replay looks for in every frame: a layout read around the drop target would be checked around the dragged element, and pass whatever the drop did', () => {
    const drags = new CrossFrameDrags();
    assert.deepEqual(drags.add(half('dropIn', { destination: { fingerprint: { role: 'paragraph', name: 'p' }, selectors: [], offset: [4, 5] }, effect: { rearranged: { levels: 1, from: 'x' } } }), 1000), {});
    const { joined } = drags.add(half('dragOut', { destination: { fingerprint: { role: 'generic', name: '' }, selectors: [], picked: [1, 2] } }), 1200);
    assert.deepEqual(joined?.event.destination, { fingerprint: { role: 'generic', name: 'dropIn' }, selectors: ['css=#dropIn'], offset: [4, 5], picked: [1, 2] });
    assert.equal(joined?.event.effect, undefined);
    assert.equal(joined?.event.kind, 'drag');
    assert.deepEqual(joined?.selectors, ['css=#dragOut']);

    drags.add(half('dragOut'), 5000);
    const withText = drags.add(half('dropIn', { effect: { appeared: { text: 'Well said.' }, rearranged: { levels: 1, from: 'y' } } }), 5100);
    assert.deepEqual(withText.joined?.event.effect, { appeared: { text: 'Well said.' } });
  });

  it('says which half came alone once its time is up, or when the next drag began', () => {
    const drags = new CrossFrameDrags();
    drags.add(half('dragOut'), 0);
    assert.equal(drags.expire(1000), undefined);
    assert.match(drags.expire(3000)!, /^dragging element "dragOut" was not recorded: it was let go in another frame/);
    drags.add(half('dropIn'), 10_000);
    assert.match(drags.add(half('dropIn'), 20_000).unjoined!, /^a drop on element "dropIn" was not recorded: what was dropped came from outside the page/);
  });
});
