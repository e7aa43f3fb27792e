import { describe, expect, it } from 'vitest';
import { changesBetween, receives } from '../../src/domain/events.ts';
import { webhookPayloadOf } from '../../src/features/webhooks/webhook-delivery.service.ts';

describe('what changed between two bodies', () => {
  it('lists each changed key with its old and new value, comparing nested values', () => {
    const before = {
      id: 'loc_1',
      phone: null,
      hours: { mon: '09:00-17:00' },
      filters: [{ id: 'flt_1', name: 'Wifi' }],
      updated_at: '1',
    };
    const after = {
      id: 'loc_1',
      phone: '+1',
      hours: { mon: '09:00-17:00' },
      filters: [{ id: 'flt_1', name: 'Free Wifi' }],
      updated_at: '2',
    };
    expect(changesBetween(before, after)).toEqual({
      phone: { old: null, new: '+1' },
      filters: { old: [{ id: 'flt_1', name: 'Wifi' }], new: [{ id: 'flt_1', name: 'Free Wifi' }] },
    });
  });

  it('finds no change where only timestamps moved, and takes a missing key as null', () => {
    expect(
      changesBetween({ name: 'A', updated_at: '1', created_at: '0' }, { name: 'A', updated_at: '2', created_at: '0' }),
    ).toEqual({});
    expect(changesBetween({ name: 'A' }, { name: 'A', external_id: null })).toEqual({});
    expect(changesBetween({ name: 'A' }, { name: 'A', external_id: 'x' })).toEqual({
      external_id: { old: null, new: 'x' },
    });
  });
});

describe('subscriptions', () => {
  it('delivers the types named, every type to *, and a ping to anyone', () => {
    expect(receives(['location.deleted'], 'location.deleted')).toBe(true);
    expect(receives(['location.deleted'], 'location.updated')).toBe(false);
    expect(receives(['*'], 'import.completed')).toBe(true);
    expect(receives(['location.created'], 'ping')).toBe(true);
  });
});

describe('the body of a delivery', () => {
  it('is {type, timestamp, data} with the location, the names of the changed keys and the actor', () => {
    const payload = webhookPayloadOf({
      type: 'location.updated',
      occurred_at: '2026-11-26T10:00:00.000Z',
      actor_type: 'token',
      actor_id: 'tok_1',
      body: JSON.stringify({ location: { id: 'loc_1', phone: '+1' }, changes: { phone: { old: null, new: '+1' } } }),
    });
    expect(JSON.parse(payload)).toEqual({
      type: 'location.updated',
      timestamp: '2026-11-26T10:00:00.000Z',
      data: { location: { id: 'loc_1', phone: '+1' }, changed: ['phone'], actor: { type: 'token', id: 'tok_1' } },
    });
  });
});
