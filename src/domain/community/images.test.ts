import { imagePayload } from './images';

describe('imagePayload', () => {
  it('extracts text without judging it', () => {
    expect(imagePayload('data:text/plain;base64,abc')).toBe('abc');
    expect(imagePayload({ data: 'xyz' })).toBe('xyz');
    expect(imagePayload(3)).toBeNull();
  });
});
