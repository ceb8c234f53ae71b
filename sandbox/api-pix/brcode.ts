import { crc16, PIX_GUI } from '../../shared/domain/brcode';

const tlv = (id: string, value: string) => `${id}${String(value.length).padStart(2, '0')}${value}`;

/**
 * A dynamic BR Code as a PSP builds it for a `cob`: point of initiation 12, the location in
 * field 26 sub-field 25 (no scheme), no amount tag (54 may be absent in a dynamic code), txid
 * `***` (the payload at the location carries the real one).
 */
export function dynamicBrCode(
  location: string,
  merchantName: string,
  merchantCity: string,
): string {
  const body =
    tlv('00', '01') +
    tlv('01', '12') +
    tlv('26', tlv('00', PIX_GUI) + tlv('25', location)) +
    tlv('52', '0000') +
    tlv('53', '986') +
    tlv('58', 'BR') +
    tlv('59', merchantName.slice(0, 25)) +
    tlv('60', merchantCity.slice(0, 15)) +
    tlv('62', tlv('05', '***')) +
    '6304';
  return body + crc16(body);
}
