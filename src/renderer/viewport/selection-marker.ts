// A slowly turning wireframe shell around the selected entity.
import * as THREE from 'three';

/** Makes the marker (hidden until placed). */
export function createSelectionMarker(): THREE.Mesh {
  const marker = new THREE.Mesh(
    new THREE.IcosahedronGeometry(1, 1),
    new THREE.MeshBasicMaterial({ color: 0x7fe0ff, wireframe: true, transparent: true, opacity: 0.55, depthWrite: false, toneMapped: false }),
  );
  marker.visible = false;
  return marker;
}
