import { describe, expect, it } from 'vitest';
import { describeDevice, describePlace } from './device';

describe('who asked for a QR login', () => {
  it('names browser and system from the user agent', () => {
    expect(
      describeDevice(
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36',
      ),
    ).toBe('Chrome 120 · Windows');
    expect(
      describeDevice(
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36 Edg/120.0.0.0',
      ),
    ).toBe('Edge 120 · Windows');
    expect(
      describeDevice(
        'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_1) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Safari/605.1.15',
      ),
    ).toBe('Safari 17 · macOS');
    expect(describeDevice('Mozilla/5.0 (X11; Linux x86_64; rv:121.0) Gecko/20100101 Firefox/121.0')).toBe(
      'Firefox 121 · Linux',
    );
    expect(describeDevice(undefined)).toBe('未知设备');
    expect(describeDevice('curl/8.0')).toBe('未知设备');
  });

  it('tells the company network from the internet, offline', () => {
    expect(describePlace('192.168.1.5')).toBe('内网 192.168.1.5');
    expect(describePlace('::ffff:10.2.3.4')).toBe('内网 10.2.3.4');
    expect(describePlace('172.20.0.1')).toBe('内网 172.20.0.1');
    expect(describePlace('172.32.0.1')).toBe('外网 172.32.0.1');
    expect(describePlace('203.0.113.7')).toBe('外网 203.0.113.7');
    expect(describePlace('127.0.0.1')).toBe('本机 127.0.0.1');
    expect(describePlace('not an ip')).toBe('未知地点');
  });
});
