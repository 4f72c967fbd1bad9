import { IdcardOutlined, SafetyCertificateOutlined, TeamOutlined } from '@ant-design/icons';
import { Alert, Button, Checkbox, Descriptions, Form, Input, Result, Space } from 'antd';
import { useCallback, useState } from 'react';
import { Navigate, useNavigate } from 'react-router-dom';
import { normaliseIdCardNo, parseIdCardNo } from '../../../common/ids';
import { teamApi } from '../../api/team';
import { CreatedResult, useCreateTeam } from './CreateTeamResult';
import { ImageUpload } from './ImageUpload';
import { IndustryItem, industryOf } from './IndustryItem';
import { INDIVIDUAL_STEPS, OnboardingFrame } from './OnboardingFrame';
import {
  checkIdCardNo,
  checkPersonName,
  checkRequired,
  checkTeamName,
  getWizard,
  Msg,
  rule,
  saveWizard,
  startWizard,
  type WizardState,
} from './wizard';

export function WizardIntro({ kind }: { kind: 'individual' | 'enterprise' }) {
  const navigate = useNavigate();
  const enterprise = kind === 'enterprise';
  const steps = enterprise
    ? [
        { icon: <SafetyCertificateOutlined />, title: '企业信息', desc: '上传营业执照，识别统一社会信用代码' },
        { icon: <IdcardOutlined />, title: '法人授权', desc: '填写法定代表人信息，上传授权书' },
        { icon: <TeamOutlined />, title: '核对提交', desc: '核对信息后提交，立即开通企业团队' },
      ]
    : [
        { icon: <TeamOutlined />, title: '团队信息', desc: '填写团队名称，上传团队标志' },
        { icon: <IdcardOutlined />, title: '实名认证', desc: '上传身份证人像面，自动识别号码' },
        { icon: <SafetyCertificateOutlined />, title: '确认提交', desc: '补全信息后提交，立即开通个人团队' },
      ];
  return (
    <OnboardingFrame
      title={enterprise ? '创建企业团队' : '创建个人团队'}
      subtitle={
        enterprise
          ? '企业团队可使用人事、财务、道具、采购、销售、仓储等全部模块'
          : '个人团队适合个人与小型工作室，提供报销、项目、文件等常用模块'
      }
      back="/createTeam"
      width={640}
    >
      <div className="yg-intro-steps">
        {steps.map((s, i) => (
          <div key={s.title} className="yg-intro-step">
            <span className="yg-intro-icon">{s.icon}</span>
            <div>
              <div className="yg-intro-title">
                {i + 1}. {s.title}
              </div>
              <div className="yg-intro-desc">{s.desc}</div>
            </div>
          </div>
        ))}
      </div>
      <Button
        type="primary"
        size="large"
        block
        onClick={() => {
          startWizard(kind);
          navigate(enterprise ? '/enterpriseInfo' : '/addInfo');
        }}
      >
        开始创建
      </Button>
    </OnboardingFrame>
  );
}

function StepButtons({ back, next = '下一步', onBack }: { back?: string; next?: string; onBack?(): void }) {
  const navigate = useNavigate();
  return (
    <div className="yg-step-buttons">
      {back && (
        <Button size="large" onClick={() => (onBack ? onBack() : navigate(back))}>
          上一步
        </Button>
      )}
      <Button size="large" type="primary" htmlType="submit">
        {next}
      </Button>
    </div>
  );
}

/** /addInfo: the individual team's name and logo. */
export function AddInfoPage() {
  const navigate = useNavigate();
  const [form] = Form.useForm<Pick<WizardState, 'tenantName' | 'logoUrl' | 'industryCode'>>();
  const w = getWizard();
  return (
    <OnboardingFrame title="填写团队信息" steps={INDIVIDUAL_STEPS} current={0} back="/individualTeam">
      <Form
        form={form}
        layout="vertical"
        name="addInfo"
        initialValues={{ tenantName: w.tenantName, logoUrl: w.logoUrl, industryCode: w.industryCode }}
        validateTrigger="onBlur"
        onFinish={(v) => {
          saveWizard({
            type: 'individual',
            tenantName: v.tenantName?.trim(),
            logoUrl: v.logoUrl,
            ...industryOf(v.industryCode),
          });
          navigate('/identify');
        }}
      >
        <Form.Item label="团队名称" name="tenantName" rules={[rule(checkTeamName)]} required>
          <Input size="large" placeholder="请输入团队名称" maxLength={50} showCount />
        </Form.Item>
        <IndustryItem />
        <Form.Item
          label="团队标志"
          name="logoUrl"
          extra="选填，支持 JPG、PNG，不超过10MB；将显示在对话框与抽屉的右上角"
        >
          <ImageUpload label="上传团队标志" testId="logo-upload" width={120} height={120} />
        </Form.Item>
        <StepButtons />
      </Form>
    </OnboardingFrame>
  );
}

/** /identify: ID-card photo (compressed by quality bisection), recognised on the server. */
export function IdentifyPage() {
  const navigate = useNavigate();
  const [w, setW] = useState<WizardState>(getWizard);
  const [recognising, setRecognising] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const recognise = useCallback(async (url: string) => {
    setRecognising(true);
    setError(null);
    let patch: Partial<WizardState>;
    try {
      const r = await teamApi.idCardOcr(url);
      patch = r.recognised
        ? {
            idCardUrl: url,
            idCardNo: r.idCardNo,
            birthday: r.birthday,
            sex: r.sex,
            provinceCityRegion: r.provinceCityRegion,
            idCardName: r.idCardName || getWizard().idCardName,
            address: r.address || getWizard().address,
            ocrMessage: '',
          }
        : { idCardUrl: url, ocrMessage: r.message || '未能识别身份证号码，请手动输入' };
    } catch {
      patch = { idCardUrl: url, ocrMessage: '暂时无法识别，请在下一步手动输入' };
    }
    setW(saveWizard(patch));
    setRecognising(false);
  }, []);

  if (!w.tenantName) return <Navigate to="/addInfo" replace />;
  const recognised = !!w.idCardUrl && !w.ocrMessage && !!w.idCardNo;
  return (
    <OnboardingFrame
      title="身份证识别"
      subtitle="请上传本人身份证人像面照片，系统将自动识别身份证号码"
      steps={INDIVIDUAL_STEPS}
      current={1}
      back="/addInfo"
    >
      <div className="yg-identify">
        <ImageUpload
          label="上传身份证人像面"
          value={w.idCardUrl}
          compress
          testId="idcard-upload"
          width={320}
          height={200}
          onUploaded={(f) => recognise(f.url)}
        />
        <div className="yg-identify-result" data-testid="ocr-result">
          {recognising && <Alert type="info" showIcon message="正在识别，请稍候…" />}
          {!recognising && recognised && (
            <Descriptions
              title="识别结果"
              column={1}
              size="small"
              bordered
              items={[
                { key: 'no', label: '身份证号码', children: w.idCardNo },
                { key: 'birthday', label: '出生日期', children: w.birthday },
                { key: 'sex', label: '性别', children: w.sex },
                { key: 'region', label: '签发地区', children: w.provinceCityRegion || '—' },
              ]}
            />
          )}
          {!recognising && w.idCardUrl && w.ocrMessage && (
            <Alert
              type="warning"
              showIcon
              message={w.ocrMessage}
              description="您可以重新上传更清晰的照片，或在下一步手动输入"
            />
          )}
          {!w.idCardUrl && <div className="yg-identify-tip">请确保照片四角完整、文字清晰、无反光</div>}
          {error && <Alert type="error" showIcon message={error} style={{ marginTop: 12 }} />}
        </div>
      </div>
      <div className="yg-step-buttons">
        <Button size="large" onClick={() => navigate('/addInfo')}>
          上一步
        </Button>
        <Button
          size="large"
          type="primary"
          disabled={recognising}
          onClick={() => {
            if (!getWizard().idCardUrl) return setError(Msg.idPhotoRequired);
            navigate('/manualInput');
          }}
        >
          下一步
        </Button>
      </div>
    </OnboardingFrame>
  );
}

/** /manualInput: name, address and whatever OCR could not read; the ID number is checked in full. */
export function ManualInputPage() {
  const navigate = useNavigate();
  const w = getWizard();
  const [form] = Form.useForm<WizardState>();
  const idNo = Form.useWatch('idCardNo', form) as string | undefined;
  if (!w.tenantName) return <Navigate to="/addInfo" replace />;
  const parsed = idNo ? parseIdCardNo(idNo) : null;
  return (
    <OnboardingFrame
      title="确认身份信息"
      subtitle="请核对识别结果，并补全无法识别的信息"
      steps={INDIVIDUAL_STEPS}
      current={2}
      back="/identify"
    >
      {w.ocrMessage && <Alert type="warning" showIcon message={w.ocrMessage} style={{ marginBottom: 16 }} />}
      <Form
        form={form}
        layout="vertical"
        name="manualInput"
        validateTrigger="onBlur"
        initialValues={{ idCardName: w.idCardName, idCardNo: w.idCardNo, address: w.address }}
        onFinish={(v) => {
          const no = normaliseIdCardNo(v.idCardNo ?? '');
          const p = parseIdCardNo(no)!;
          saveWizard({
            idCardName: v.idCardName?.trim(),
            idCardNo: no,
            address: v.address?.trim(),
            birthday: p.birthday,
            sex: p.sex,
            // The region names come from the recognition; a typed number keeps them only when it is the same number.
            provinceCityRegion: no === w.idCardNo ? w.provinceCityRegion : '',
          });
          navigate('/individualSubmit');
        }}
      >
        <Form.Item label="姓名" name="idCardName" rules={[rule(checkPersonName)]} required>
          <Input size="large" placeholder="请输入身份证上的姓名" maxLength={20} />
        </Form.Item>
        <Form.Item
          label="身份证号码"
          name="idCardNo"
          rules={[rule(checkIdCardNo)]}
          required
          extra={parsed ? `出生日期 ${parsed.birthday} · 性别 ${parsed.sex}` : '18位，最后一位可以是 X'}
        >
          <Input size="large" placeholder="请输入18位身份证号码" maxLength={18} />
        </Form.Item>
        <Form.Item
          label="住址"
          name="address"
          rules={[rule(checkRequired(Msg.addressRequired)), { max: 100, message: '最大输入长度为100' }]}
          required
        >
          <Input.TextArea rows={2} placeholder="请输入身份证上的住址" maxLength={100} />
        </Form.Item>
        <StepButtons back="/identify" />
      </Form>
    </OnboardingFrame>
  );
}

/** /individualSubmit: review, confirm, create the individual team and enter it. */
export function IndividualSubmitPage() {
  const navigate = useNavigate();
  const w = getWizard();
  const { state, code, create, enter } = useCreateTeam();
  const [confirmed, setConfirmed] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (state === 'done')
    return (
      <OnboardingFrame title="提交成功" steps={INDIVIDUAL_STEPS} current={4}>
        <CreatedResult code={code} name={w.tenantName} onEnter={() => void enter()} />
      </OnboardingFrame>
    );
  if (!w.tenantName) return <Navigate to="/addInfo" replace />;
  if (!w.idCardNo || !w.idCardName || checkIdCardNo(w.idCardNo)) {
    return (
      <OnboardingFrame title="信息不完整" steps={INDIVIDUAL_STEPS} current={2}>
        <Result
          status="warning"
          title="请先完成身份信息"
          extra={
            <Button type="primary" onClick={() => navigate('/manualInput')}>
              去填写
            </Button>
          }
        />
      </OnboardingFrame>
    );
  }
  return (
    <OnboardingFrame
      title="确认提交"
      subtitle="请核对以下信息，提交后将立即创建个人团队"
      steps={INDIVIDUAL_STEPS}
      current={3}
      back="/manualInput"
    >
      <Descriptions
        bordered
        column={1}
        size="middle"
        data-testid="review"
        items={[
          { key: 'name', label: '团队名称', children: w.tenantName },
          { key: 'industry', label: '所属行业', children: w.industryName ?? '未选择' },
          {
            key: 'logo',
            label: '团队标志',
            children: w.logoUrl ? <img src={w.logoUrl} alt="团队标志" className="yg-review-img" /> : '未上传',
          },
          { key: 'person', label: '姓名', children: w.idCardName },
          { key: 'no', label: '身份证号码', children: w.idCardNo },
          { key: 'sex', label: '性别 / 出生日期', children: `${w.sex ?? ''} / ${w.birthday ?? ''}` },
          ...(w.provinceCityRegion ? [{ key: 'region', label: '签发地区', children: w.provinceCityRegion }] : []),
          { key: 'address', label: '住址', children: w.address },
        ]}
      />
      <Space direction="vertical" style={{ marginTop: 16, width: '100%' }}>
        <Checkbox
          checked={confirmed}
          onChange={(e) => {
            setConfirmed(e.target.checked);
            setError(null);
          }}
        >
          我确认以上信息真实有效
        </Checkbox>
        {error && <div className="yg-error-text">{error}</div>}
      </Space>
      <div className="yg-step-buttons">
        <Button size="large" onClick={() => navigate('/manualInput')}>
          上一步
        </Button>
        <Button
          size="large"
          type="primary"
          loading={state === 'busy'}
          onClick={() => {
            if (!confirmed) return setError(Msg.confirmRequired);
            void create({
              tenantName: w.tenantName!,
              tenantType: 'individual',
              logoUrl: w.logoUrl || undefined,
              industryCode: w.industryCode || undefined,
              verification: {
                idCardName: w.idCardName!,
                idCardNo: w.idCardNo!,
                sex: w.sex ?? '',
                birthday: w.birthday ?? '',
                provinceCityRegion: w.provinceCityRegion ?? '',
                address: w.address ?? '',
                idCardUrl: w.idCardUrl ?? '',
              },
            });
          }}
        >
          提交
        </Button>
      </div>
    </OnboardingFrame>
  );
}
