document.getElementById('app')!.textContent = 'viewport';
