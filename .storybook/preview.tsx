import type { Preview } from '@storybook/react';
import { ConfigProvider, App as AntApp } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';

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
