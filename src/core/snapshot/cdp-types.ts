/** The parts of CDP's DOMSnapshot, DOM and Accessibility replies that the snapshot reads. */

export interface RareStringData { index: number[]; value: number[] }
export interface RareBooleanData { index: number[] }
export interface RareIntegerData { index: number[]; value: number[] }

export interface NodeTreeSnapshot {
  parentIndex: number[];
  nodeType: number[];
  nodeName: number[];
  nodeValue: number[];
  backendNodeId: number[];
  attributes: number[][];
  shadowRootType?: RareStringData;
  textValue?: RareStringData;
  inputValue?: RareStringData;
  inputChecked?: RareBooleanData;
  optionSelected?: RareBooleanData;
  contentDocumentIndex?: RareIntegerData;
  isClickable?: RareBooleanData;
}

export interface LayoutTreeSnapshot {
  nodeIndex: number[];
  styles: number[][];
  bounds: number[][];
}

export interface DocumentSnapshot {
  documentURL: number;
  frameId: number;
  nodes: NodeTreeSnapshot;
  layout: LayoutTreeSnapshot;
}

export interface CaptureSnapshotReply {
  documents: DocumentSnapshot[];
  strings: string[];
}

export interface CdpNode {
  nodeId: number;
  backendNodeId: number;
  nodeType: number;
  nodeName: string;
  children?: CdpNode[];
  shadowRoots?: CdpNode[];
  shadowRootType?: 'open' | 'closed' | 'user-agent';
  contentDocument?: CdpNode;
  frameId?: string;
}

export interface AxNode {
  nodeId: string;
  ignored: boolean;
  role?: { value?: string };
  name?: { value?: string };
  properties?: { name: string; value: { value?: unknown } }[];
  backendDOMNodeId?: number;
}
