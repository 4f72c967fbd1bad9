import type { Meta, StoryObj } from '@storybook/react';
import { Button, Space } from 'antd';
import { expectText, withFixtures } from './fixtures/story-helpers';
import { Permission } from './Permission';

function Demo() {
  return (
    <Space>
      <Permission code="default">
        <Button>默认按钮</Button>
      </Permission>
      <Permission code="reimburseManage:pay">
        <Button>付款</Button>
      </Permission>
      <Permission code="reimburseManage:delete">
        <Button>无权删除</Button>
      </Permission>
    </Space>
  );
}
const meta: Meta<typeof Demo> = {
  title: 'Engine/Permission',
  component: Demo,
  decorators: [withFixtures({}, ['reimburseManage:pay'])],
};
export default meta;
export const Default: StoryObj<typeof Demo> = { parameters: expectText('默认按钮', '付款') };
