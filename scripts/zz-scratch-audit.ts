import { redactLinks } from '#shared/mail/redact-links.ts';
console.log(redactLinks('http://s.example/nimbus%2Bbar%2Bultra%2B5000%2Bpuffs'));
