// The three.js scene around the entities: renderer, orbit camera, lights, stars and the halo.
import * as THREE from 'three';
import { OrbitControls } from 'three/examples/jsm/controls/OrbitControls.js';
import { createStars } from './stars';
import { createGlow } from './glow';
import type { InstancedEntities } from './instancing';

/** Everything drawn besides the entities, and the camera that looks at them. */
export interface ViewportScene {
  /** The WebGL renderer; its canvas fills the container. */ renderer: THREE.WebGLRenderer;
  /** The scene graph. */ scene: THREE.Scene;
  /** The perspective camera (units: world units). */ camera: THREE.PerspectiveCamera;
  /** Orbit controls (drag to orbit, wheel to zoom, right-drag to pan). */ controls: OrbitControls;
  /** Moves lights and halo to the entities' light source, then renders. */ render(): void;
  /** Places the camera so a sphere of `radius` world units about the origin fills the view. */ frame(radius: number): void;
}

const BACKGROUND = 0x04050b;

/** Builds the scene in `container` (which should fill the window) and keeps it sized to it. */
export function createViewportScene(container: HTMLElement, entities: InstancedEntities): ViewportScene {
  // Multisampling is cheap on a GPU and triples the cost of a software rasteriser (headless tests).
  const software = isSoftwareRenderer();
  const renderer = new THREE.WebGLRenderer({ antialias: !software, powerPreference: 'high-performance' });
  renderer.setPixelRatio(software ? 1 : Math.min(window.devicePixelRatio, 2));
  renderer.setClearColor(BACKGROUND, 1);
  renderer.toneMapping = THREE.ACESFilmicToneMapping;
  renderer.toneMappingExposure = 1.1;
  container.appendChild(renderer.domElement);

  const scene = new THREE.Scene();
  const camera = new THREE.PerspectiveCamera(50, 1, 0.05, 5000);
  camera.position.set(0, 45, 95);

  const controls = new OrbitControls(camera, renderer.domElement);
  controls.enableDamping = true;
  controls.dampingFactor = 0.08;
  controls.minDistance = 0.5;
  controls.maxDistance = 3000;

  const stars = createStars();
  scene.add(stars);
  // Space is dark, but the night side of a planet should still read as a shape.
  scene.add(new THREE.HemisphereLight(0x8899cc, 0x221a10, 0.35));
  scene.add(new THREE.AmbientLight(0x404866, 0.25));
  const sunLight = new THREE.PointLight(0xfff1dd, 3.2, 0, 0);
  scene.add(sunLight);
  // Without a light source in the frame, light comes from over the camera's shoulder.
  const headLight = new THREE.DirectionalLight(0xffffff, 1.6);
  camera.add(headLight);
  headLight.position.set(0.5, 1, 1);
  scene.add(camera);
  const glow = createGlow();
  scene.add(glow);
  scene.add(entities.group);

  const resize = (): void => {
    const w = Math.max(1, container.clientWidth);
    const h = Math.max(1, container.clientHeight);
    renderer.setSize(w, h, true);
    camera.aspect = w / h;
    camera.updateProjectionMatrix();
  };
  new ResizeObserver(resize).observe(container);
  resize();

  const glowColor = new THREE.Color();
  return {
    renderer, scene, camera, controls,
    render(): void {
      controls.update();
      stars.position.copy(camera.position);
      const lit = entities.hasLight;
      sunLight.visible = lit;
      headLight.visible = !lit;
      glow.visible = lit;
      if (lit) {
        sunLight.position.copy(entities.lightPosition);
        glow.position.copy(entities.lightPosition);
        glow.scale.setScalar(entities.lightScale * 7);
        glowColor.setHex(entities.lightColor);
        (glow.material as THREE.SpriteMaterial).color.copy(glowColor);
      }
      renderer.render(scene, camera);
    },
    frame(radius: number): void {
      const r = Math.max(2, radius);
      const distance = r / Math.sin(THREE.MathUtils.degToRad(camera.fov / 2)) * 0.9;
      camera.position.set(0, distance * 0.45, distance * 0.9);
      controls.target.set(0, 0, 0);
      controls.update();
    },
  };
}

/** True when WebGL runs on a CPU rasteriser (SwiftShader, llvmpipe), probed with a throwaway context. */
function isSoftwareRenderer(): boolean {
  const gl = document.createElement('canvas').getContext('webgl2');
  if (gl === null) return false;
  const info = gl.getExtension('WEBGL_debug_renderer_info');
  const name = String(gl.getParameter(info !== null ? info.UNMASKED_RENDERER_WEBGL : gl.RENDERER));
  gl.getExtension('WEBGL_lose_context')?.loseContext();
  return /swiftshader|llvmpipe|software/i.test(name);
}
