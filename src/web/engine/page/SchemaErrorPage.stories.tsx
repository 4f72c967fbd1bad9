import type { Meta, StoryObj } from '@storybook/react';
import { expectText } from '../fixtures/story-helpers';
import { SchemaErrorPage } from './SchemaErrorPage';

const meta: Meta<typeof SchemaErrorPage> = { title: 'Engine/SchemaErrorPage', component: SchemaErrorPage };
export default meta;
export const Default: StoryObj<typeof SchemaErrorPage> = {
  args: {
    file: 'schemas/finance/reimburseManage.json',
    errors: [
      {
        file: 'schemas/finance/reimburseManage.json',
        path: '/list/columns/2/type',
        message: '取值必须是 text, image 之一',
      },
      { file: 'schemas/finance/reimburseManage.json', path: '/drawer/fields/0', message: '缺少必填属性 titleName' },
    ],
  },
  parameters: expectText(
    '页面配置错误',
    'schemas/finance/reimburseManage.json',
    '/list/columns/2/type',
    '缺少必填属性 titleName',
  ),
};
