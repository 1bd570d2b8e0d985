// A delivery's layers, decoded without verifying (tests verify separately): header, claims, message, identity, payload.
import { decodeJwt, decodeProtectedHeader } from 'jose';
import type { DecodedDelivery } from '../../spec-model/delivery-validator';

export const decodeDelivery = (token: string): DecodedDelivery => {
  const claims = decodeJwt(token);
  const message = JSON.parse(String(claims.data)) as { identity?: string; data?: string };
  return {
    header: decodeProtectedHeader(token),
    claims,
    message,
    identity: JSON.parse(String(message.identity)),
    payload: JSON.parse(String(message.data)),
  };
};
