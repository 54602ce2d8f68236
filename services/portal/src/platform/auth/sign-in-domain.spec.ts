import { isAllowedSignInDomain, nameOf, usernameOf } from './sign-in-domain';

const allowed = ['smartwork.example', 'sightstream.example'];

describe('sign-in domains', () => {
  it('allows usernames of the two organisations, in any case', () => {
    expect(isAllowedSignInDomain('ada@smartwork.example', allowed)).toBe(true);
    expect(isAllowedSignInDomain('Bob@SightStream.Example', allowed)).toBe(true);
  });

  it('refuses other domains, look-alikes, subdomains and names without a domain', () => {
    expect(isAllowedSignInDomain('eve@gmail.com', allowed)).toBe(false);
    expect(isAllowedSignInDomain('eve@evil-smartwork.example', allowed)).toBe(false);
    expect(isAllowedSignInDomain('eve@smartwork.example.evil', allowed)).toBe(false);
    expect(isAllowedSignInDomain('eve@mail.smartwork.example', allowed)).toBe(false);
    expect(isAllowedSignInDomain('smartwork.example', allowed)).toBe(false);
    expect(isAllowedSignInDomain('eve@', allowed)).toBe(false);
    expect(isAllowedSignInDomain('@smartwork.example', allowed)).toBe(false);
  });

  it('reads the username from preferred_username, then upn, then email', () => {
    expect(usernameOf({ preferred_username: 'a@x.example', upn: 'b@x.example' })).toBe('a@x.example');
    expect(usernameOf({ upn: 'b@x.example', email: 'c@x.example' })).toBe('b@x.example');
    expect(usernameOf({ email: ' c@x.example ' })).toBe('c@x.example');
    expect(usernameOf({ preferred_username: '' })).toBeNull();
  });

  it("takes the token's name claim, trimmed, else the address", () => {
    expect(nameOf(' Nora Nobody ', 'nora@smartwork.example')).toBe('Nora Nobody');
    for (const claim of [undefined, '  ', 42])
      expect(nameOf(claim, 'nora@smartwork.example')).toBe('nora@smartwork.example');
  });
});
