import assert from 'node:assert/strict';
import {
  ActionOutputSchema, ActionSchema, ActOptionsSchema, ActResultSchema, AgentConfigSchema, AgentExecuteOptionsSchema,
  AgentResultSchema, ObserveOptionsSchema, ObserveRequestSchema, ObserveResponseSchema, ObserveResultOutputSchema,
  VariableValueSchema,
} from '../../src/schema';
import type { AgentExecuteInput } from '../../src/schema';
import { accepts, rejects } from './expect-problems';

describe('SPEC shapes', () => {
  describe('VariableValue', () => {
    it('accepts primitives and { value, description }', () => {
      for (const value of ['a', 3, true, { value: 'x' }, { value: 2, description: 'count' }]) accepts(VariableValueSchema, value);
    });
    it('rejects other properties and non-primitive values', () => {
      rejects(VariableValueSchema, { value: 'x', secret: true }, 'secret: is not an allowed property (allowed: value, description)');
      rejects(VariableValueSchema, { value: ['x'] }, 'value: expected a string, number or boolean, received Array');
      rejects(VariableValueSchema, null, '(root): expected a string, number, boolean or { value, description }, received null');
    });
  });

  describe('ObserveRequest', () => {
    it('accepts an empty body: no field is required', () => {
      assert.deepEqual(accepts(ObserveRequestSchema, {}), {});
    });
    it('accepts every field', () => {
      const request = {
        instruction: 'find the sign in button',
        frameId: null,
        streamResponse: true,
        options: {
          model: 'openai/gpt-4.1-mini',
          variables: { email: { value: 'a@b.c', description: 'login' }, count: 2 },
          timeout: 5000,
          selector: '#main',
          ignoreSelectors: ['.ads'],
        },
      };
      assert.deepEqual(accepts(ObserveRequestSchema, request), request);
    });
    it('names the field and what was expected', () => {
      rejects(ObserveRequestSchema, { instruction: 42 }, 'instruction: expected a string, received 42');
      rejects(ObserveRequestSchema, { streamResponse: 'yes' }, 'streamResponse: expected true or false, received "yes"');
      rejects(ObserveRequestSchema, { options: { timeout: -5 } }, 'options.timeout: expected a number of milliseconds greater than 0, received -5');
      rejects(ObserveRequestSchema, { options: { ignoreSelectors: '.ads' } }, 'options.ignoreSelectors: expected an array, received ".ads"');
      rejects(ObserveRequestSchema, { options: { variables: { '1st': 'x' } } }, 'options.variables.1st: expected a variable name of letters, digits, _ . - (not starting with a digit), received "1st"');
      rejects(ObserveRequestSchema, [], '(root): expected an object, received Array');
    });
    it('drops unknown fields, which SPEC leaves open', () => {
      assert.deepEqual(accepts(ObserveOptionsSchema, { timeout: 10, somethingNew: 1 }), { timeout: 10 });
    });
  });

  describe('ActionOutput and ObserveResponse', () => {
    const action = { selector: 'xpath=/html/body/button', description: 'Sign in button', backendNodeId: 12, method: 'click', arguments: [] };
    it('accepts a full action and a minimal one', () => {
      accepts(ActionOutputSchema, action);
      accepts(ActionOutputSchema, { selector: '#a', description: 'A' });
    });
    it('allows no other property', () => {
      rejects(ActionOutputSchema, { ...action, confidence: 0.9 }, 'confidence: is not an allowed property (allowed: selector, description, backendNodeId, method, arguments)');
      rejects(ActionOutputSchema, { selector: '#a' }, 'description: is required, expected a string');
      rejects(ActionOutputSchema, { ...action, arguments: [1] }, 'arguments.0: expected a string, received 1');
      rejects(ActionOutputSchema, { ...action, backendNodeId: 1.5 }, 'backendNodeId: expected a whole number');
    });
    it('ObserveResponse and ObserveResultOutput are strict', () => {
      accepts(ObserveResponseSchema, { success: true, data: { result: [action], actionId: 'a1' } });
      rejects(ObserveResponseSchema, { success: true, data: { result: [] }, extra: 1 }, 'extra: is not an allowed property (allowed: success, data)');
      rejects(ObserveResultOutputSchema, { result: [], actionId: 7 }, 'actionId: expected a string, received 7');
      rejects(ObserveResponseSchema, { success: true }, 'data: is required, expected an object');
    });
  });

  describe('Action, ActOptions, ActResult', () => {
    it('Action needs all four fields and passes an observe result unchanged', () => {
      const parsed = accepts(ActionSchema, { selector: '#e', description: 'Email', method: 'fill', arguments: ['%email%'], backendNodeId: 4 });
      // The node id stays (an act on an element observe has just returned goes to it); other extras are dropped.
      assert.deepEqual(parsed, { selector: '#e', description: 'Email', method: 'fill', arguments: ['%email%'], backendNodeId: 4 });
      assert.deepEqual(accepts(ActionSchema, { selector: '#e', description: 'Email', method: 'click', arguments: [], xpath: '/x' }), { selector: '#e', description: 'Email', method: 'click', arguments: [] });
      rejects(ActionSchema, { selector: '#e', description: 'Email', method: 'fill' }, 'arguments: is required, expected an array');
      rejects(ActionSchema, { selector: '#e', description: 'Email', method: 'click', arguments: [], backendNodeId: 'four' }, 'backendNodeId: expected a number, received "four"');
    });
    it('ActOptions checks model, variables, timeout and serverCache', () => {
      accepts(ActOptionsSchema, { model: { modelName: 'openai/gpt-4.1', apiKey: 'k' }, variables: { q: 'x' }, timeout: 1000, serverCache: false });
      rejects(ActOptionsSchema, { serverCache: 'no' }, 'serverCache: expected true or false, received "no"');
      rejects(ActOptionsSchema, { timeout: Number.POSITIVE_INFINITY }, 'timeout: expected a finite number of milliseconds');
    });
    it('ActResult has a closed set of cache statuses', () => {
      accepts(ActResultSchema, { success: true, message: 'ok', actionDescription: 'click', actions: [{ selector: '#a' }], cacheStatus: 'HIT' });
      rejects(ActResultSchema, { success: true, message: 'ok', actionDescription: 'click', cacheStatus: 'hit' }, 'cacheStatus: expected "HIT" | "MISS", received "hit"');
    });
  });

  describe('AgentConfig, AgentExecuteOptions, AgentResult', () => {
    it('AgentConfig limits providers', () => {
      accepts(AgentConfigSchema, { provider: 'anthropic', model: 'claude-sonnet-4-5', instructions: 'be careful', options: { apiKey: 'k' }, integrations: ['http://127.0.0.1:9/mcp'], tools: {} });
      rejects(AgentConfigSchema, { provider: 'google' }, 'provider: expected "anthropic" | "openai", received "google"');
    });
    it('AgentExecuteOptions fills the defaults 20 / true / 0', () => {
      assert.deepEqual(accepts(AgentExecuteOptionsSchema, { instruction: 'sign in' }), { instruction: 'sign in', maxSteps: 20, autoScreenshot: true, waitBetweenActions: 0 });
    });
    it('AgentExecuteOptions accepts the Python-style keys', () => {
      assert.deepEqual(accepts(AgentExecuteOptionsSchema, { instruction: 'go', max_steps: 5, auto_screenshot: false, wait_between_actions: 250, context: 'c' }), {
        instruction: 'go', maxSteps: 5, autoScreenshot: false, waitBetweenActions: 250, context: 'c',
      });
    });
    it('AgentExecuteOptions explains bad values', () => {
      rejects(AgentExecuteOptionsSchema, {}, 'instruction: is required, expected a string');
      rejects(AgentExecuteOptionsSchema, { instruction: 'go', maxSteps: 0 }, 'maxSteps: expected a whole number of at least 1, received 0');
      rejects(AgentExecuteOptionsSchema, { instruction: 'go', max_steps: 2.5 }, 'maxSteps: expected a whole number, received 2.5');
      rejects(AgentExecuteOptionsSchema, { instruction: 'go', waitBetweenActions: -1 }, 'waitBetweenActions: expected a number of milliseconds of 0 or more, received -1');
      rejects(AgentExecuteOptionsSchema, { instruction: 'go', maxSteps: 3, max_steps: 4 }, '(root): max_steps: the same option as maxSteps; give only one of them');
    });
    it('AgentResult requires actions and completed, and checks usage', () => {
      accepts(AgentResultSchema, {
        success: true, message: 'done', completed: true, actions: [{ action: 'click', selector: '#a', reasoning: 'r' }],
        usage: { input_tokens: 1, output_tokens: 2, reasoning_tokens: 0, cached_input_tokens: 0, inference_time_ms: 3 },
      });
      rejects(AgentResultSchema, { success: true, message: 'm', actions: [] }, 'completed: is required, expected true or false');
      rejects(AgentResultSchema, { success: true, message: 'm', actions: [], completed: false, usage: { input_tokens: 1 } },
        'usage.output_tokens: is required, expected a number', 'usage.inference_time_ms: is required, expected a number');
    });
  });

  it('types what callers pass to the agent: a number or a misspelt option does not compile (npm run typecheck)', () => {
    const given = (input: string | AgentExecuteInput) => input;
    // @ts-expect-error a number is not an instruction or AgentExecuteOptions
    assert.equal(given(42), 42);
    // @ts-expect-error maxSteps is a number
    assert.deepEqual(given({ instruction: 'x', maxSteps: 'ten' }), { instruction: 'x', maxSteps: 'ten' });
    assert.deepEqual(given({ instruction: 'x', maxSteps: 3 }), { instruction: 'x', maxSteps: 3 });
  });
});
