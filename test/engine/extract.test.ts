import assert from 'node:assert/strict';
import * as v from 'valibot';
import { LLMResponseError, ServiceInvalidArgumentError } from '../../src/core/errors';
import { useEngine } from './harness';

const schema = {
  type: 'object',
  properties: {
    orders: { type: 'array', items: { type: 'object', properties: { order: { type: 'string' }, customer: { type: 'string' }, detailsUrl: { type: 'string', format: 'uri' } }, required: ['order', 'customer', 'detailsUrl'] } },
  },
  required: ['orders'],
};

describe('extract', () => {
  const rig = useEngine();

  it('returns data in the caller\'s shape, with URLs taken from the page\'s own links', async () => {
    await rig.session.navigate(rig.url('table.html?rows=3'));
    rig.models.script({ json: { data: { orders: [{ order: 'Order 2', customer: 'Chen', detailsUrl: '0-3' }] } } });
    const { data, usage } = await rig.session.extract('the second order', schema);
    assert.deepEqual(data, { orders: [{ order: 'Order 2', customer: 'Chen', detailsUrl: rig.url('table.html?rows=3#order-2') }] });
    assert.ok(usage);
    const sent = rig.models.requests[0]!.body.text as { format: { schema: { properties: { data: { properties: { orders: { items: { properties: { detailsUrl: unknown } } } } } } } } };
    assert.deepEqual(sent.format.schema.properties.data.properties.orders.items.properties.detailsUrl, { type: 'string', description: 'the id of a link element on the page, like 0-12' });
  });

  it('an invented URL is refused and the model is asked again', async () => {
    await rig.session.navigate(rig.url('table.html?rows=3'));
    rig.models.script(
      { json: { data: { orders: [{ order: 'Order 2', customer: 'Chen', detailsUrl: 'https://evil.example/phish' }] } } },
      { json: { data: { orders: [{ order: 'Order 2', customer: 'Chen', detailsUrl: '0-3' }] } } },
    );
    const { data } = await rig.session.extract('the second order', schema);
    assert.match(JSON.stringify(data), /#order-2/);
    assert.match(JSON.stringify(rig.models.requests[1]!.body), /https:\/\/evil\.example\/phish\\" is not the id of a link on the page/);
  });

  it('takes a valibot schema in the library API', async () => {
    await rig.session.navigate(rig.url('table.html?rows=3'));
    rig.models.script({ json: { data: { first: 'Order 1', link: '0-1' } } });
    const { data } = await rig.session.extract('the first order', v.object({ first: v.string(), link: v.pipe(v.string(), v.url()) }));
    assert.deepEqual(data, { first: 'Order 1', link: rig.url('table.html?rows=3#order-1') });
  });

  it('data that does not fit the schema twice is an error; unsupported schemas are refused up front', async () => {
    await rig.session.navigate(rig.url('table.html?rows=3'));
    rig.models.script({ json: { data: { orders: 'none' } } }, { json: { data: { orders: 'none' } } });
    await assert.rejects(rig.session.extract('orders', schema), LLMResponseError);
    await assert.rejects(rig.session.extract('orders', { $ref: '#/defs/x' }), (error: unknown) => error instanceof ServiceInvalidArgumentError && error.message === 'schema: the keyword "$ref" is not supported');
  });
});
