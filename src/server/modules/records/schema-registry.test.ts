import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SchemaRegistry } from './schema-registry';

// The registry's cross-checks stop the start on a page that names what it does not have.
describe('SchemaRegistry cross-checks', () => {
  const withSales = (edit: (s: any) => void) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'registry-'));
    fs.cpSync(path.resolve('schemas'), dir, { recursive: true });
    const file = path.join(dir, 'sales/salesProcess.json');
    const s = JSON.parse(fs.readFileSync(file, 'utf8'));
    edit(s);
    fs.writeFileSync(file, JSON.stringify(s));
    return dir;
  };
  const ship = (s: any) => s.stages.actions.find((a: { key: string }) => a.key === 'ship');

  it('stops the start on a name the schema checker finds naming nothing, with the file, path and closest name', () => {
    expect(
      () =>
        new SchemaRegistry(
          withSales((s) => {
            s.effects[7].set.receiveAccount = 'input.receiveAcount';
          }),
        ),
    ).toThrow(
      /sales\/salesProcess\.json \/effects\/7\/set\/receiveAccount: .*receiveAcount.*did you mean receiveAccount\?/,
    );
  });

  it('accepts a stage action whose inputOnly names its own fields, and refuses one naming another', () => {
    expect(
      new SchemaRegistry(withSales(() => {})).get('salesProcess')?.schema.stages?.actions.find((a) => a.key === 'ship')
        ?.inputOnly,
    ).toEqual(['warehouseId']);
    expect(
      () =>
        new SchemaRegistry(
          withSales((s) => {
            ship(s).inputOnly = ['customerId'];
          }),
        ),
    ).toThrow(/stages\.ship\.inputOnly "customerId" is not a field of the action/);
  });
});
