/**
 * Which parameter names Magento treats as OAuth protocol parameters. Helper\Request::_isProtocolParameter is
 * `preg_match('/oauth_[a-z_-]+/', $name)`: unanchored, so any name that merely *contains* `oauth_` followed by a
 * lowercase letter, `_` or `-` counts. Such names are read only from the Authorization header and a query or
 * body parameter with such a name is left out of the signature.
 */
const PROTOCOL_PARAM = /oauth_[a-z_-]+/;

export function isProtocolParam(name: string): boolean {
  return PROTOCOL_PARAM.test(name);
}
