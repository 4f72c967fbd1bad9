import type { Preview } from '@storybook/react';
import { ConfigProvider, App as AntApp } from 'antd';
import zhCNModule from 'antd/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';

// antd/locale/* is CommonJS; some bundler paths hand over the module object instead of its default.
const zhCN = ((zhCNModule as { default?: typeof zhCNModule }).default ?? zhCNModule) as typeof zhCNModule;

dayjs.locale('zh-cn');

const preview: Preview = {
  decorators: [
    (Story) => (
      <ConfigProvider locale={zhCN} button={{ autoInsertSpace: false }}>
        <AntApp>
          <Story />
        </AntApp>
      </ConfigProvider>
    ),
  ],
  parameters: { layout: 'padded' },
};

export default preview;
