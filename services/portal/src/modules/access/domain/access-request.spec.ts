// Fixed dates: the decider is given its own instant.
import { given } from '../../../kernel/testing/given-when-then';
import { accessRequestDecider, type AccessRequestEvent, type RequestAccess } from './access-request';
import { bootstrapNames, bootstrapOwnerName, isBootstrapAddress } from './bootstrap-admin';

const AT = new Date('2026-11-23T10:00:00Z');
const request = (name: string, username = ' Nina.New@Smartwork.example '): RequestAccess => ({
  type: 'RequestAccess',
  data: { username, name, at: AT },
});
const requested: AccessRequestEvent = {
  type: 'AccessRequested',
  data: { username: 'nina.new@smartwork.example', name: 'Nina New', requestedAt: AT.toISOString() },
};

describe('access request', () => {
  it('records the first sign-in: the address lower-case, the name trimmed, the instant', () => {
    expect(given(accessRequestDecider, []).when(request(' Nina New ')).events).toEqual([requested]);
  });

  it('records nothing for a later sign-in', () => {
    expect(given(accessRequestDecider, [requested]).when(request('Nina Renamed')).events).toEqual([]);
  });

  it('keeps the address as the name when the token gave none the log can hold, and cuts a long one', () => {
    for (const name of ['  ', 'Nina\u0000New']) {
      const [event] = given(accessRequestDecider, []).when(request(name)).events;
      expect(event.data.name).toBe('nina.new@smartwork.example');
    }
    const [long] = given(accessRequestDecider, []).when(request('N'.repeat(250))).events;
    expect(long.data.name).toHaveLength(200);
  });
});

describe('bootstrap admins', () => {
  it('knows the configured addresses, whatever their case', () => {
    expect(isBootstrapAddress(' Ana.Ruiz@Smartwork.example', ['ana.ruiz@smartwork.example'])).toBe(true);
    expect(isBootstrapAddress('bob@smartwork.example', ['ana.ruiz@smartwork.example'])).toBe(false);
  });

  it('splits the name as staff:add does, else completes it from the address', () => {
    expect(bootstrapNames('Ana María Ruiz', 'ana@smartwork.example')).toEqual({
      firstName: 'Ana',
      middleName: 'María',
      lastName: 'Ruiz',
    });
    expect(bootstrapNames('Ana', 'ana.ruiz@smartwork.example')).toEqual({
      firstName: 'Ana',
      middleName: null,
      lastName: 'Ruiz',
    });
    expect(bootstrapNames('Ana', 'ana@smartwork.example')).toEqual({
      firstName: 'Ana',
      middleName: null,
      lastName: 'Ana',
    });
  });

  it('names a missing owner as configured, else after the domain', () => {
    expect(bootstrapOwnerName('Firm Ltd', 'ana@firm.example')).toBe('Firm Ltd');
    expect(bootstrapOwnerName(undefined, 'ana@firm.example')).toBe('firm.example');
  });
});
