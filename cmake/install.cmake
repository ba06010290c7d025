# `cmake --install`: headers, the static libraries, the footfall executable, the data a user needs
# (scenarios, step clips, shaders) and a config package, so that find_package(footfall CONFIG)
# gives footfall::sim (no OpenGL), footfall::output and footfall::render (docs/api.md).
include(CMakePackageConfigHelpers)

set(footfall_targets footfall_select footfall_sim footfall_output footfall_view)
if(FOOTFALL_RENDER)
  list(APPEND footfall_targets footfall_render)
endif()
foreach(t IN LISTS footfall_targets)
  string(REPLACE "footfall_" "" short ${t})
  set_target_properties(${t} PROPERTIES EXPORT_NAME ${short})
  add_library(footfall::${short} ALIAS ${t})
endforeach()

set(FOOTFALL_CMAKE_DIR ${CMAKE_INSTALL_LIBDIR}/cmake/footfall)
install(TARGETS ${footfall_targets} EXPORT footfallTargets
        ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR} LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR})
install(TARGETS footfall RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
install(DIRECTORY include/footfall DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
install(DIRECTORY data/scenarios data/motion shaders DESTINATION ${CMAKE_INSTALL_DATADIR}/footfall)
install(EXPORT footfallTargets NAMESPACE footfall:: DESTINATION ${FOOTFALL_CMAKE_DIR})

configure_package_config_file(cmake/footfallConfig.cmake.in ${CMAKE_CURRENT_BINARY_DIR}/footfallConfig.cmake
                              INSTALL_DESTINATION ${FOOTFALL_CMAKE_DIR} PATH_VARS CMAKE_INSTALL_DATADIR)
write_basic_package_version_file(${CMAKE_CURRENT_BINARY_DIR}/footfallConfigVersion.cmake
                                 COMPATIBILITY SameMinorVersion)
install(FILES ${CMAKE_CURRENT_BINARY_DIR}/footfallConfig.cmake ${CMAKE_CURRENT_BINARY_DIR}/footfallConfigVersion.cmake
        DESTINATION ${FOOTFALL_CMAKE_DIR})
