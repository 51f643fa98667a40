import { api } from '../../../lib/api-client';

export interface Message {
  _id: string;
  name: string;
  email: string;
  phone: string;
  message: string;
  createdAt: string;
}

export function listMessages() {
  return api.get<Message[]>('/popups');
}

export function downloadMessagesCsv() {
  return api.get<Blob>('/popups.csv', { as: 'blob' });
}
